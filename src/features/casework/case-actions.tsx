import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { httpStatus } from '../../app/http.ts';
import { staffSession, type StaffRole } from '../../app/staff-session.ts';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { FilePicker } from '../../ui/file-picker.tsx';
import { personName } from '../../ui/person-name.ts';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { staffCaseKeys, type StaffCase } from '../../app/staff-cases.ts';
import { caseMoves, officersQuery } from './api.ts';
import { AssigneeSelect } from '../../ui/staff/assignee-select.tsx';
import { ConfirmDialog } from '../../ui/staff/confirm-dialog.tsx';
import { TextAreaField } from '../../ui/staff/text-area-field.tsx';
import { DayField, useDayProblemText } from '../../ui/staff/day-field.tsx';
import { addisToday, appointmentDayProblem, aYearOn } from '../../ui/staff/day-checks.ts';
import { AskCustomerFields } from './ask-customer.tsx';

type Move = 'take' | 'assign' | 'schedule' | 'extend' | 'respond' | 'ask' | 'approve' | 'sendBack' | 'reject' | 'closeUnanswered';

/**
 * The moves a case's state allows for a role (the case's state machine, as the server
 * enforces it): only these buttons show, so nobody is offered a move that would be refused.
 * Approval is offered as the server says (four eyes: never to the one who wrote the response).
 */
function movesFor(kase: StaffCase, role: StaffRole | undefined, held: boolean): Move[] {
  const approve: Move[] = kase.may_approve ? ['approve'] : [];
  // An assigned case is its holder's to move, or a manager's; a colleague is offered nothing.
  if (held) return [];
  // Admins approve only a response no other manager of its directorate can; archivists (and
  // admins) otherwise only file closed cases: the archive's action (features/archive).
  if (role === 'admin') return approve;
  const manager = role === 'manager';
  if (role !== 'officer' && !manager) return [];
  switch (kase.status) {
    case 'pending':
      return manager ? ['take', 'assign', 'reject'] : ['take', 'reject'];
    case 'ongoing':
      return [kase.schedule_program.length > 0 ? 'extend' : 'schedule', 'respond', 'ask', ...(manager ? (['assign'] as const) : []), 'reject'];
    // Issue 25: closing unanswered is offered at once; before INFO_EXPIRY_DAYS working days the server's 409 says why not.
    case 'waiting_customer':
      return ['closeUnanswered'];
    case 'responded':
      return manager ? [...approve, 'sendBack', 'reject'] : [];
    default:
      return [];
  }
}

/**
 * Whether the case is held by someone other than this officer (the server's rule,
 * server/casework/case-holder.ts): an assigned case is moved only by its holder or a manager.
 */
function heldByAnother(kase: StaffCase, role: StaffRole | undefined, me: string | undefined): boolean {
  const open = kase.status === 'ongoing' || kase.status === 'responded' || kase.status === 'waiting_customer';
  return open && role === 'officer' && kase.assigned_to !== null && kase.assigned_to._id !== me;
}

/**
 * The buttons for the moves this case allows, each asking first in a dialog with the
 * move's own fields. A move someone else made first (409) is said so in the staff user's
 * language, and the case is loaded again to show what is true now.
 */
export function CaseActions({ kase, role }: { kase: StaffCase; role: StaffRole | undefined }) {
  const { t } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const showRefusal = useServerRefusal();
  const [move, setMove] = useState<Move>();
  const [text, setText] = useState('');
  const [day, setDay] = useState('');
  const [officer, setOfficer] = useState('');
  const [letter, setLetter] = useState<File>();
  const [dayError, setDayError] = useState<string>();
  const dayProblemText = useDayProblemText();
  // The version this page read: a move of a case someone changed since is refused (409), said so, and the case reloaded.
  const { _id: id, version } = kase;
  const held = heldByAnother(kase, role, staffSession.staffId());
  const moves = movesFor(kase, role, held);
  // A manager who wrote the response is not offered its approval: say who gives it.
  const approvedByAnother = kase.status === 'responded' && role === 'manager' && !kase.may_approve;

  const open = (next: Move) => {
    setMove(next);
    setText('');
    setDay('');
    setDayError(undefined);
    setOfficer('');
    setLetter(undefined);
  };
  const act = useMutation({
    mutationFn: (chosen: Move) => {
      switch (chosen) {
        case 'take': return caseMoves.take(id, version);
        case 'assign': return caseMoves.assign(id, officer, version);
        case 'schedule': return caseMoves.schedule(id, day, version);
        case 'extend': return caseMoves.extend(id, day, version);
        case 'respond': return caseMoves.respond(id, text.trim(), version, letter);
        case 'ask': return caseMoves.askCustomer(id, text.trim(), version);
        case 'closeUnanswered': return caseMoves.closeUnanswered(id, version);
        case 'approve': return caseMoves.approve(id, version);
        case 'sendBack': return caseMoves.sendBack(id, text.trim(), version);
        case 'reject': return caseMoves.reject(id, text.trim(), version);
      }
    },
    onSuccess: (answer) => {
      toast('success', serverMessage(answer, locale) ?? t`Saved.`);
      setMove(undefined);
    },
    onError: (error) => {
      showRefusal(error);
      if (httpStatus(error) === 409) setMove(undefined);
    },
    // The case, and every queue it shows in, as they are now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffCaseKeys.all }),
  });

  // Who holds the case, said to a colleague who may not move it.
  if (held) {
    const holder = personName(kase.assigned_to);
    return (
      <p className="form-hint case-holder" data-testid="case-holder">
        <Trans>Held by {holder}: only they or a manager can move this case.</Trans>
      </p>
    );
  }
  // An appointment day is checked before it is sent: refused in the server's own words, not by a browser bubble.
  const confirm = (chosen: Move) => {
    const problem = chosen === 'schedule' || chosen === 'extend' ? appointmentDayProblem(day, addisToday(Date.now())) : undefined;
    setDayError(problem && dayProblemText(problem));
    if (!problem) act.mutate(chosen);
  };

  if (moves.length === 0) return null;
  const label: Record<Move, string> = {
    take: t`Take the case`,
    assign: t`Assign to an officer`,
    schedule: t`Set an appointment`,
    extend: t`Move the appointment`,
    respond: t`Respond`,
    ask: t`Ask the customer`,
    approve: t`Approve the response`,
    sendBack: t`Send back`,
    reject: t`Reject`,
    closeUnanswered: t`Close as unanswered`,
  };
  const needsText = move === 'respond' || move === 'ask' || move === 'sendBack' || move === 'reject';
  const ready =
    (!needsText || text.trim() !== '') && (move !== 'assign' || officer !== '') && ((move !== 'schedule' && move !== 'extend') || day !== '');

  return (
    <section className="case-actions" aria-label={t`Actions`}>
      {moves.map((each, index) => (
        <button
          key={each}
          type="button"
          className={`button ${each === 'reject' || each === 'closeUnanswered' ? 'button-danger' : index === 0 ? 'button-primary' : 'button-outline'}`}
          onClick={() => open(each)}
        >
          {label[each]}
        </button>
      ))}
      {approvedByAnother && (
        <p className="form-hint">
          <Trans>You wrote this response: another manager of the directorate must approve it.</Trans>
        </p>
      )}
      {move && (
        <ConfirmDialog title={label[move]} busy={act.isPending} ready={ready} onConfirm={() => confirm(move)} onCancel={() => setMove(undefined)}>
          {move === 'take' && (
            <p>
              <Trans>Take case {kase.case_number}? It becomes yours and the customer is told that processing started.</Trans>
            </p>
          )}
          {move === 'approve' && (
            <p>
              <Trans>Approve the response to case {kase.case_number}? The customer then sees the answer and the letter.</Trans>
            </p>
          )}
          {move === 'assign' && <OfficerSelect value={officer} onChange={setOfficer} />}
          {(move === 'schedule' || move === 'extend') && (
            <DayField
              id="appointment-day"
              label={<Trans>Appointment day</Trans>}
              value={day}
              onChange={setDay}
              error={dayError}
              min={addisToday(Date.now())}
              max={aYearOn(addisToday(Date.now()))}
              hint={<Trans>The customer is told of the appointment by e-mail and SMS.</Trans>}
            />
          )}
          {move === 'respond' && (
            <>
              {/* The case request's letter, in the customer's language and filled for this case (issue 25):
                  offered while the justification is empty, so an officer's own words are never replaced. */}
              {kase.letter_template && text === '' && (
                <button type="button" className="button button-outline" onClick={() => setText(kase.letter_template ?? '')}>
                  <Trans>Start from the letter template</Trans>
                </button>
              )}
              <TextAreaField id="response-justification" label={t`Justification`} value={text} onChange={setText} />
              <FilePicker
                id="response-letter"
                label={<Trans>Response letter (PDF, optional)</Trans>}
                accept="application/pdf"
                file={letter}
                onChange={setLetter}
                hint={<Trans>Without a file, the letter is written from the justification.</Trans>}
              />
              <p className="form-hint">
                <Trans>A manager approves the response before the customer sees it.</Trans>
              </p>
            </>
          )}
          {move === 'ask' && <AskCustomerFields message={text} onChange={setText} language={kase.customer_language} />}
          {move === 'closeUnanswered' && (
            <p>
              <Trans>
                Close case {kase.case_number} as unanswered? It is rejected with the reason that the customer did not answer the
                request, and they are told.
              </Trans>
            </p>
          )}
          {move === 'sendBack' && <TextAreaField id="return-note" label={t`Note to the officer`} value={text} onChange={setText} />}
          {move === 'reject' && (
            <>
              <p>
                <Trans>The customer sees this justification.</Trans>
              </p>
              <TextAreaField id="rejection-justification" label={t`Rejection justification`} value={text} onChange={setText} />
            </>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The directorate's active officers, with how many open cases each holds already. */
function OfficerSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useLingui();
  const officers = useQuery(officersQuery());
  const people = officers.data?.map((each) => ({ _id: each._id, name: personName(each), open: each.openCases }));
  return <AssigneeSelect id="case-officer" label={<Trans>Officer</Trans>} placeholder={t`Choose an officer`} people={people} value={value} onChange={onChange} />;
}
