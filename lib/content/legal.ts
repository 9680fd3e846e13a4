// The terms of service and the privacy policy, in plain language. Their text is in the catalogue
// (legal.privacy, legal.terms: a summary and sections of blocks); this module types it.

export type LegalBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "records"; records: { title: string; fields: { label: string; value: string }[] }[] };

export type LegalSection = { id: string; heading: string; blocks: LegalBlock[] };

export type LegalDocument = {
  /** The calendar day of the last change, `YYYY-MM-DD`. */
  lastUpdated: string;
  summary: string;
  sections: LegalSection[];
};

/** When each document last changed; a change updates the date here and the text in every language. */
const LEGAL_LAST_UPDATED = { privacy: "2026-11-29", terms: "2026-11-21" } as const;

export type LegalDocumentId = keyof typeof LEGAL_LAST_UPDATED;

/** A document as the catalogue holds it (legal.<id>, read with t.raw), with its date. */
export function legalDocument(id: LegalDocumentId, raw: { summary: string; sections: LegalSection[] }): LegalDocument {
  return { lastUpdated: LEGAL_LAST_UPDATED[id], summary: raw.summary, sections: raw.sections };
}
