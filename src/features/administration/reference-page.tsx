import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { adminDivisionsQuery, type AdminCaseRequest, type AdminDivision, type AdminQuestion, type QuestionDraft } from './api.ts';
import { HolidaysSection } from './holidays-section.tsx';
import { LanguagesSection } from './languages-section.tsx';
import { newCaseRequest, newDirectorate, newDivision, newQuestion, newTeam, ReferenceForm, type Editing } from './reference-form.tsx';
import { MissingBadge } from './six-language-fields.tsx';
import { CaseRequestRouting } from './case-request-routing.tsx';
import { LetterTemplateEditor } from './letter-template-editor.tsx';

function StatusBadge({ status }: { status: 'active' | 'inactive' }) {
  const { t } = useLingui();
  return <span className={`badge ${status === 'active' ? 'badge-green' : 'badge-grey'}`}>{status === 'active' ? t`Active` : t`Inactive`}</span>;
}

/**
 * The admin's reference data: divisions → directorates → teams, each division's
 * case requests with their questions, the holidays and the languages offered. One entry
 * opens in the form above the lists.
 */
export function ReferencePage() {
  const { t } = useLingui();
  const locale = useLocale();
  const { data } = useSuspenseQuery(adminDivisionsQuery());
  const [editing, setEditing] = useState<Editing | undefined>();
  const open = (next: Editing) => {
    setEditing(next);
    window.scrollTo({ top: 0 });
  };
  const name = (entity: object, prefix = 'name') => localized(entity as never, prefix, locale);
  const editButton = (label: string, next: () => Editing) => (
    <button type="button" className="button button-outline button-small" aria-label={t`Edit ${label}`} onClick={() => open(next())}>
      <Trans>Edit</Trans>
    </button>
  );
  // A stored question's input type is one the form offers (the server's contract for saving).
  const questionEdit = (question: AdminQuestion): Editing => ({ kind: 'question', draft: question as unknown as QuestionDraft });
  const requestEdit = (division: AdminDivision, request: AdminCaseRequest): Editing => {
    const { questions: _questions, handling_directorate_id: _handling, ...draft } = request;
    return { kind: 'case_request', draft, directorates: division.directorates };
  };

  return (
    <>
      <div className="page-title-row">
        <h1><Trans>Organisation and services</Trans></h1>
        <button type="button" className="button button-primary" onClick={() => open(newDivision())}><Trans>Add a division</Trans></button>
      </div>
      {editing && <ReferenceForm key={JSON.stringify(editing.draft).slice(0, 200)} editing={editing} onDone={() => setEditing(undefined)} />}
      {data.divisions.map((division) => (
        <section className="panel reference-division" key={division.id} aria-labelledby={`division-${division.id}`}>
          <div className="reference-row">
            <h2 id={`division-${division.id}`}>{name(division)}</h2>
            <StatusBadge status={division.status} />
            {division.special === 'yes' && <span className="badge badge-blue"><Trans>Special</Trans></span>}
            <MissingBadge entity={division} prefix="name" />
            {editButton(name(division), () => {
              const { directorates: _d, case_requests: _r, ...draft } = division;
              return { kind: 'division', draft };
            })}
          </div>

          <h3><Trans>Directorates and teams</Trans></h3>
          <ul className="reference-list">
            {division.directorates.map((directorate) => (
              <li key={directorate.id}>
                <div className="reference-row">
                  <strong>{name(directorate)}</strong>
                  <StatusBadge status={directorate.status} />
                  <MissingBadge entity={directorate} prefix="name" />
                  {editButton(name(directorate), () => {
                    const { teams: _teams, ...draft } = directorate;
                    return { kind: 'directorate', draft };
                  })}
                  <button type="button" className="button button-outline button-small" onClick={() => open(newTeam(directorate.id))}><Trans>Add a team</Trans></button>
                </div>
                <ul className="reference-list">
                  {directorate.teams.map((team) => (
                    <li key={team.id} className="reference-row">
                      <span>{name(team)}</span>
                      <StatusBadge status={team.status} />
                      <MissingBadge entity={team} prefix="name" />
                      {editButton(name(team), () => ({ kind: 'team', draft: team }))}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <button type="button" className="button button-outline" onClick={() => open(newDirectorate(division.id))}><Trans>Add a directorate</Trans></button>

          <h3><Trans>Case requests</Trans></h3>
          <ul className="reference-list">
            {division.case_requests.map((request) => (
              <li key={request.id} data-case-request={request.id}>
                <div className="reference-row">
                  <strong>{name(request, 'case_name')}</strong>
                  <StatusBadge status={request.status} />
                  <span className="muted"><Trans>{request.target_working_days} working days</Trans></span>
                  <CaseRequestRouting request={request} directorates={division.directorates} />
                  <MissingBadge entity={request} prefix="case_name" />
                  {editButton(name(request, 'case_name'), () => requestEdit(division, request))}
                  <button type="button" className="button button-outline button-small add-question" onClick={() => open(newQuestion(request.id))}><Trans>Add a question</Trans></button>
                </div>
                <LetterTemplateEditor request={request} />
                <ol className="reference-list">
                  {request.questions.map((question) => (
                    <li key={question.id} className="reference-row">
                      <span>{name(question)}</span>
                      {question.is_required && <span className="muted">*</span>}
                      {question.show_in_queue && <span className="badge badge-blue"><Trans>In the queue</Trans></span>}
                      <StatusBadge status={question.status} />
                      {question.options.length > 0 && <span className="muted"><Trans>{question.options.length} options</Trans></span>}
                      <MissingBadge entity={question} prefix="name" />
                      {editButton(name(question), () => questionEdit(question))}
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
          <button type="button" className="button button-outline add-case-request" onClick={() => open(newCaseRequest(division.id, division.directorates))}>
            <Trans>Add a case request</Trans>
          </button>
        </section>
      ))}
      <HolidaysSection />
      <LanguagesSection />
    </>
  );
}
