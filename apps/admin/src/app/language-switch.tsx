import { useQueryClient } from '@tanstack/react-query';
import { changeLang, LANGS, useLang } from '../lib/i18n.ts';

const NAMES = { en: 'EN', ja: '日本語' } as const;
const FULL = { en: 'English', ja: '日本語' } as const;

/** EN / 日本語: the console's words switch at once; the server's answers follow (queries are fetched again). */
export function LanguageSwitch() {
  const lang = useLang();
  const queryClient = useQueryClient();
  return (
    <div className="lang-switch" role="group" aria-label="Language / 言語">
      {LANGS.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === lang}
          aria-label={FULL[l]}
          onClick={() => {
            if (l === lang) return;
            void changeLang(l).then(() => queryClient.invalidateQueries());
          }}
        >
          {NAMES[l]}
        </button>
      ))}
    </div>
  );
}
