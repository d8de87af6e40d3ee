import { useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '../../i18n/dates.ts';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { personName } from '../../ui/person-name.ts';
import { FieldError, invalidProps } from '../../ui/form-errors.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { archiveKeys, categoriesQuery, saveCategory, type ArchivalCategory } from './api.ts';
import { ArchiveTabs } from './archive-tabs.tsx';

/**
 * The archival categories, kept by archivists and admins: added, renamed, and
 * switched off rather than deleted, as filed cases name them. Names are unique; the server
 * says so in the reader's language.
 */
export function ArchivalCategoriesPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const refusal = useServerRefusal();
  const categories = useQuery(categoriesQuery());
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string }>();
  // An empty name said nothing (review defect 9): it is refused here in words, as the server refuses it.
  const [nameError, setNameError] = useState<string>();
  const [renameError, setRenameError] = useState<string>();
  const nameField = useRef<HTMLInputElement>(null);
  const renameField = useRef<HTMLInputElement>(null);
  const emptyName = t`Please enter a name for the category.`;
  const save = useMutation({
    mutationFn: saveCategory,
    onSuccess: async (answer, change) => {
      toast('success', serverMessage(answer, locale) ?? t`Saved.`);
      if (!change._id) setName('');
      setRenaming(undefined);
      setRenameError(undefined);
      await queryClient.invalidateQueries({ queryKey: archiveKeys.categories() });
    },
    onError: refusal,
  });
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) save.mutate({ name: name.trim() });
    else {
      setNameError(emptyName);
      nameField.current?.focus();
    }
  };
  const rename = (event: FormEvent, category: ArchivalCategory) => {
    event.preventDefault();
    if (renaming?.name.trim()) save.mutate({ _id: category._id, name: renaming.name.trim(), status: category.status });
    else {
      setRenameError(emptyName);
      renameField.current?.focus();
    }
  };

  return (
    <>
      <div className="page-title-row">
        <h1>
          <Trans>Archival categories</Trans>
        </h1>
      </div>
      <ArchiveTabs />
      <section className="panel" aria-labelledby="new-category-title">
        <h2 id="new-category-title">
          <Trans>Add a category</Trans>
        </h2>
        <form className="form-row" onSubmit={add} noValidate>
          <div className="form-field">
            <label htmlFor="category-name">
              <Trans>Name</Trans>
            </label>
            <input
              id="category-name"
              ref={nameField}
              value={name}
              maxLength={200}
              aria-required
              {...invalidProps('category-name', nameError)}
              onChange={(e) => {
                setName(e.target.value);
                setNameError(undefined);
              }}
            />
            <FieldError fieldId="category-name" error={nameError} />
          </div>
          <SubmitButton busy={save.isPending && !save.variables?._id}>
            <Trans>Add the category</Trans>
          </SubmitButton>
        </form>
      </section>
      {categories.isPending ? (
        <Spinner />
      ) : categories.data?.length === 0 ? (
        <p className="notice">
          <Trans>There is no archival category yet.</Trans>
        </p>
      ) : (
        <ul className="category-list" data-testid="archival-categories">
          {categories.data?.map((category) => {
            const active = category.status === 'active';
            const creator = personName(category.created_by);
            const created = formatDate(category.createdAt, locale);
            return (
              <li key={category._id} className="category-row panel" data-testid="archival-category">
                {renaming?.id === category._id ? (
                  <form className="category-rename" onSubmit={(event) => rename(event, category)} noValidate>
                    <label className="inline-field">
                      <span>
                        <Trans>New name</Trans>
                      </span>
                      <input
                        ref={renameField}
                        value={renaming.name}
                        maxLength={200}
                        aria-required
                        {...invalidProps(`rename-${category._id}`, renameError)}
                        onChange={(e) => {
                          setRenaming({ id: category._id, name: e.target.value });
                          setRenameError(undefined);
                        }}
                      />
                    </label>
                    <FieldError fieldId={`rename-${category._id}`} error={renameError} />
                    <button type="submit" className="button button-primary button-small" disabled={save.isPending}>
                      <Trans>Save</Trans>
                    </button>
                    <button type="button" className="button button-outline button-small" onClick={() => { setRenaming(undefined); setRenameError(undefined); }}>
                      <Trans>Cancel</Trans>
                    </button>
                  </form>
                ) : (
                  <div className="category-head">
                    <strong id={`category-${category._id}`}>{category.name}</strong>
                    {active ? (
                      <span className="badge badge-green"><Trans>in use</Trans></span>
                    ) : (
                      <span className="badge badge-grey"><Trans>switched off</Trans></span>
                    )}
                  </div>
                )}
                <p className="muted">{creator ? t`Added ${created} by ${creator}` : t`Added ${created}`}</p>
                {renaming?.id !== category._id && (
                  <div className="category-actions">
                    <button
                      type="button"
                      className="button button-outline button-small"
                      aria-describedby={`category-${category._id}`}
                      onClick={() => setRenaming({ id: category._id, name: category.name })}
                    >
                      <Trans>Rename</Trans>
                    </button>
                    <button
                      type="button"
                      className="button button-outline button-small"
                      aria-describedby={`category-${category._id}`}
                      disabled={save.isPending}
                      onClick={() => save.mutate({ _id: category._id, name: category.name, status: active ? 'inactive' : 'active' })}
                    >
                      {active ? <Trans>Switch off</Trans> : <Trans>Switch on</Trans>}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
