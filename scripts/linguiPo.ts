// Lingui's PO format, with the message's id as its gettext context: `msgctxt` holds the id the
// code names (`header.lessons`), `msgid` the English text, `msgstr` the translation, `#.` the
// comment for the translator. A translator's tool (Poedit, Weblate, Crowdin) shows the English
// beside each translation; the code keeps short ids that say where a message belongs, and a
// live class can send a message as its id and values. Lingui's own PO writer puts an explicit
// id in `msgid` (so a Spanish file would show ids, not English); this maps each explicit id to
// the form Lingui writes for a message with a context, and back.
import type { CatalogFormatter, CatalogType } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';

export function poWithIds(): CatalogFormatter {
  const po = formatter({ lineNumbers: false });
  return {
    ...po,
    serialize(catalog, ctx) {
      const out: CatalogType = {};
      for (const [id, m] of Object.entries(catalog)) {
        const message = m.message ?? id;
        out[generateMessageId(message, id)] = { ...m, message, context: id };
      }
      return po.serialize(out, ctx);
    },
    async parse(content, ctx) {
      const read = (await po.parse(content, ctx)) as CatalogType;
      const out: CatalogType = {};
      for (const [key, m] of Object.entries(read))
        out[m.context ?? key] = { ...m, context: undefined };
      return out;
    },
  };
}
