/**
 * The pieces every field is built from: the shell (label, key, help, value, reset, error), the
 * value-bound draft and error state, and the per-VC list field with its "varies by VC" line.
 */
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import type { ParamDef } from '../../sim';
import { parseValue } from '../../sim';
import { HelpTip } from './HelpTip';
import { say } from '../../i18n/say';
import { SETTING_WORDS } from './settingWords';
import type { Key } from './model';
import { DEFAULTS, formatValue, sameValue } from './model';

/** Commits one key; returns an error message, and commits nothing, if the value is refused. */
export type Commit = (key: Key, value: unknown) => string | null;

export interface FieldProps<D extends ParamDef = ParamDef> {
  k: Key;
  def: D;
  value: unknown;
  /** What the model uses while an optional parameter is unset. */
  auto: number | number[] | undefined;
  commit: Commit;
  disabled: boolean;
}

/** Where an error came from: the main control(s) or the per-VC list field. */
export type ErrorSource = 'main' | 'list';
export interface FieldError {
  message: string;
  source: ErrorSource;
}

/** Local state tied to the parameter's current value: forgotten as soon as the value changes
 * (a commit, a preset, another view), so a stale draft or error never masks the scenario. */
export function useValueState<T>(value: unknown): [T | null, (v: T | null) => void] {
  const [state, setState] = useState<{ base: unknown; v: T } | null>(null);
  const current = state !== null && sameValue(state.base, value) ? state.v : null;
  return [current, (v) => setState(v === null ? null : { base: value, v })];
}

export function joinIds(...ids: (string | false | undefined)[]): string | undefined {
  const s = ids.filter(Boolean).join(' ');
  return s || undefined;
}

/** "305 ×3, 200": a per-VC list for display, cut short if long. */
function listSummary(list: readonly unknown[], unit = ''): string {
  const text = formatValue(list)
    .replace(/\*(\d+)/g, ' ×$1')
    .replace(/,/g, ', ');
  const cut = text.length > 48 ? text.slice(0, 47) + '…' : text;
  return unit ? `${cut} ${unit}` : cut;
}

interface ShellProps {
  k: Key;
  def: ParamDef;
  value: unknown;
  helpId: string;
  errorId: string;
  error: FieldError | null;
  /** Label (and, for booleans, the checkbox) at the start of the header. */
  head: ReactNode;
  /** Current value, shown at the end of the header. */
  valueText?: string;
  onReset(): void;
  disabled: boolean;
  children?: ReactNode;
  /** More text whose paper tags the help resolves (the chosen option's help). */
  cites?: string;
}

export function Shell(p: ShellProps) {
  const modified = !sameValue(p.value, DEFAULTS[p.k]);
  const dflt = DEFAULTS[p.k];
  return (
    <div
      className="sc-field"
      data-key={p.k}
      data-kind={p.def.kind}
      data-modified={modified ? '' : undefined}
    >
      <div className="sc-head">
        {p.head}
        <code className="sc-key" title={`URL and CLI key: ${p.k}`}>
          {p.k}
        </code>
        <HelpTip id={p.helpId} label={p.def.label} text={p.def.help} cites={p.cites} />
        <span className="sc-spacer" />
        {p.valueText !== undefined && (
          <span className="sc-value" aria-hidden="true">
            {p.valueText}
          </span>
        )}
        {modified && (
          <button
            type="button"
            className="sc-reset"
            aria-label={say(SETTING_WORDS.reset, { label: p.def.label })}
            title={`Reset to the default (${dflt === undefined ? 'unset' : formatValue(dflt)})`}
            disabled={p.disabled}
            onClick={p.onReset}
          >
            ↺
          </button>
        )}
      </div>
      {p.children}
      {p.error && (
        <p className="sc-error" id={p.errorId} role="alert">
          {p.error.message}
        </p>
      )}
    </div>
  );
}

/** A field's error and, per source (the main control or the per-VC list), a reporter that
 * sets or clears it. The error is dropped when the value changes. */
export function useFieldError(value: unknown) {
  const [error, setError] = useValueState<FieldError>(value);
  const report = (source: ErrorSource) => (message: string | null) =>
    setError(message ? { message, source } : null);
  return [error, report] as const;
}

interface PerVcProps {
  k: Key;
  def: ParamDef;
  value: unknown;
  auto: number | number[] | undefined;
  commit: Commit;
  disabled: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  report(message: string | null): void;
}

/** The per-VC list in its URL form ("305*3,200", "0,1"), parsed by the codec. */
export function PerVcList(p: PerVcProps) {
  const id = useId();
  const [draft, setDraft] = useValueState<string>(p.value);
  const optional = p.def.kind !== 'enum' && p.def.kind !== 'bool' && p.def.optional === true;

  const commitList = () => {
    if (draft === null) return;
    const text = draft.trim();
    let next: unknown;
    if (text === '') {
      if (!optional) {
        p.report(`${p.k}: a value is required`);
        return;
      }
      next = undefined;
    } else {
      const r = parseValue(p.k, text);
      if ('error' in r) {
        p.report(r.error);
        return;
      }
      next = r.value;
    }
    const err = p.commit(p.k, next);
    p.report(err);
    if (!err) setDraft(null);
  };

  return (
    <div className="sc-pervc">
      <label htmlFor={id}>per VC</label>
      <input
        id={id}
        type="text"
        className="sc-text"
        spellCheck={false}
        autoComplete="off"
        aria-label={say(SETTING_WORDS.perVc, { label: p.def.label })}
        aria-describedby={joinIds(`${id}-hint`, p.describedBy)}
        aria-invalid={p.invalid || undefined}
        placeholder={
          p.value === undefined && p.auto !== undefined ? `auto: ${formatValue(p.auto)}` : 'auto'
        }
        value={draft ?? formatValue(p.value)}
        disabled={p.disabled}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={commitList}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commitList();
          else if (e.key === 'Escape' && draft !== null) {
            setDraft(null);
            p.report(null);
          }
        }}
      />
      <span id={`${id}-hint`} className="sc-sr-only">
        Comma list, one value per VC, cycled over the VCs; v*n repeats v n times.
      </span>
    </div>
  );
}

/** "Varies by VC" line shown instead of the single control when the VCs differ. */
export function Varies({
  list,
  unit,
  label,
  disabled,
  onUniform,
}: {
  list: readonly unknown[];
  unit?: string;
  label: string;
  disabled: boolean;
  onUniform(): void;
}) {
  return (
    <div className="sc-varies">
      <span>
        <span className="sc-muted">Varies by VC: </span>
        {listSummary(list, unit)}
      </span>
      <button
        type="button"
        className="sc-small-btn"
        disabled={disabled}
        aria-label={`Same for all VCs: use VC 1's ${label}`}
        onClick={onUniform}
      >
        Same for all
      </button>
    </div>
  );
}
