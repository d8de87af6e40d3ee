import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { AuthCard } from '../../ui/auth-card.tsx';
import { CredentialsForm } from '../../ui/credentials-form.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { staffApi } from './api.ts';
import { staffSession } from '../../app/staff-session.ts';
import { CodeStep, EnrolStep } from './two-factor-steps.tsx';

/** Where the sign-in stands: the password, or an admin's second step with its challenge. */
type Step = { kind: 'password' } | { kind: 'enrol' | 'code'; challenge: string };

/** `returnTo`: the staff page a signed-out visit came from (checked by the route), else /staff. */
export function StaffLoginPage({ returnTo }: { returnTo?: string }) {
  const navigate = useNavigate();
  const showRefusal = useServerRefusal();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const signedIn = (token: string) => {
    staffSession.start(token);
    // Back to the page a link opened; otherwise /staff sends each role where it works.
    void (returnTo ? navigate({ href: returnTo, replace: true }) : navigate({ to: '/staff' }));
  };
  const login = useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => staffApi.login(email, password),
    // Every role but the admin is signed in by the password; an admin enrols or gives the code first.
    onSuccess: (answer) => ('token' in answer ? signedIn(answer.token) : setStep({ kind: answer.second_factor, challenge: answer.challenge })),
    onError: showRefusal,
  });
  const startAgain = () => setStep({ kind: 'password' });

  if (step.kind === 'enrol') return <EnrolStep key={step.challenge} challenge={step.challenge} onSignedIn={signedIn} onStartAgain={startAgain} />;
  if (step.kind === 'code') return <CodeStep key={step.challenge} challenge={step.challenge} onSignedIn={signedIn} onStartAgain={startAgain} />;
  return (
    <AuthCard title={<Trans>Staff log in</Trans>}>
      <CredentialsForm busy={login.isPending} onSubmit={(email, password) => login.mutate({ email, password })} />
    </AuthCard>
  );
}
