import { useEffect } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useMatches } from '@tanstack/react-router';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page's name in the browser tab, history and bookmarks; the site's name follows it. */
    title?: MessageDescriptor;
  }
}

/**
 * Issue 12: every route names itself in the chosen language (a screen reader announces the
 * title on navigation; a tab full of "Housing Development Corporation" tells nothing apart).
 * The deepest route with a title wins; a path nothing matches is the 404's.
 */
export function useDocumentTitle() {
  const { t, i18n } = useLingui();
  const matches = useMatches();
  const site = t`Housing Development Corporation`;
  const missing = matches.some((match) => match.status === 'notFound' || match._notFound);
  const named = matches.findLast((match) => match.staticData.title)?.staticData.title;
  const page = missing ? t`Page not found` : named && i18n._(named);
  const title = page ? `${page} · ${site}` : site;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
