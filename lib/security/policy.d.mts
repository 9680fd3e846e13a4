// Types of ./policy.mjs.
export type CspOptions = {
  /** Script sources besides 'self': a nonce source or hash sources. */
  scriptSources: string[];
  development: boolean;
  https: boolean;
};
export function buildCsp(options: CspOptions): string;
export function hashSource(text: string): string;
export function inlineScriptHashes(html: string): string[];
export function frameworkScriptHashes(html: string): string[];
