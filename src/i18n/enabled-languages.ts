import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../app/http.ts';
import { SELECTABLE_LOCALES, type Locale } from './locales.ts';
import { rememberedLanguages, rememberLanguages } from './remembered-languages.ts';

/** The languages the admin opened in the selector; English and Amharic until the server has said. */
export const enabledLanguagesQuery = () =>
  queryOptions({
    queryKey: ['enabled-languages'] as const,
    queryFn: async ({ signal }) => {
      const { languages } = await api('getLanguages', { signal });
      rememberLanguages(languages);
      return languages as Locale[];
    },
    initialData: rememberedLanguages,
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The selector's languages: the server's list, the remembered one offline, else English and Amharic (SPEC section 1). */
export function useEnabledLanguages(): readonly Locale[] {
  const { data } = useQuery(enabledLanguagesQuery());
  return data && data.length > 0 ? data : SELECTABLE_LOCALES;
}
