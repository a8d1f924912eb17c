import { Marked, type Tokens } from 'marked';

/**
 * The legal and information pages (src/content/<page>.<lang>.md) as HTML, with marked (GitHub Markdown: tables,
 * lists, links). The pages' own conventions:
 *
 * - every heading ends in `{#id}`, which becomes its id (so /terms-of-service#article-3 lands on Article 3);
 * - `{{name}}` placeholders carry the seller's details, filled before the text is parsed, each value escaped so that
 *   it reads as plain text whatever it holds (a `*`, a `<`, a line break); an unknown one leaves nothing behind;
 * - `headingShift` demotes every heading (a page shown inside another page starts at h2).
 *
 * The output still goes through the sanitiser (lib/sanitize-html.ts sanitizeDocHtml) before it is shown.
 */

const HEADING_ID = /\s*\{#([a-z0-9]+(?:-[a-z0-9]+)*)\}\s*$/;
const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** A value as Markdown that shows it as it is: every ASCII punctuation mark escaped, one line. */
export function escapeMarkdown(value: string): string {
  return value.replace(/\s*[\r\n]+\s*/g, ', ').replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);
}

/** The text with each {{name}} replaced by its escaped value (unknown names by nothing). */
export function fillPlaceholders(markdown: string, values: Readonly<Record<string, string>>): string {
  return markdown.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (value === undefined) {
      if (import.meta.env.DEV) console.error(`Markdown page: no value for {{${name}}}`);
      return '';
    }
    // a link target keeps its own characters (the contact page's path); everything else is text
    return name.endsWith('Url') ? value : escapeMarkdown(value);
  });
}

function markedFor(headingShift: number): Marked {
  return new Marked({
    gfm: true,
    breaks: false,
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
        const tokens = [...token.tokens];
        const last = tokens[tokens.length - 1];
        let id: string | null = null;
        if (last && last.type === 'text') {
          const text = last as Tokens.Text;
          const m = HEADING_ID.exec(text.text);
          if (m) {
            id = m[1] ?? null;
            tokens[tokens.length - 1] = { ...text, text: text.text.slice(0, m.index), raw: text.raw };
          }
        }
        const level = Math.min(6, token.depth + headingShift);
        const inner = this.parser.parseInline(tokens);
        return `<h${level}${id ? ` id="${id}"` : ''}>${inner}</h${level}>\n`;
      },
    },
  });
}

const parsers = new Map<number, Marked>();

/** The page as HTML (not yet sanitised). */
export function renderMarkdown(
  markdown: string,
  values: Readonly<Record<string, string>> = {},
  { headingShift = 0 }: { headingShift?: number } = {},
): string {
  let parser = parsers.get(headingShift);
  if (!parser) {
    parser = markedFor(headingShift);
    parsers.set(headingShift, parser);
  }
  return parser.parse(fillPlaceholders(markdown, values), { async: false });
}
