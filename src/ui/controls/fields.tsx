/**
 * One renderer per parameter kind (number, enum, bool), each generated from the parameter's
 * schema entry; per-VC keys add a list field. Nothing here knows about particular keys.
 */
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import type { BoolParam, EnumParam, NumberParam, ParamDef } from '../../sim';
import { parseValue } from '../../sim';
import { HelpTip } from './HelpTip';
import { Slider } from './Slider';
import type { Key } from './model';
import {
  DEFAULTS,
  formatValue,
  parseNumberText,
  sameValue,
  sliderAttrs,
  snap,
  withUnit,
} from './model';

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
type ErrorSource = 'main' | 'list';
interface FieldError {
  message: string;
  source: ErrorSource;
}

/** Local state tied to the parameter's current value: forgotten as soon as the value changes
 * (a commit, a preset, another view), so a stale draft or error never masks the scenario. */
function useValueState<T>(value: unknown): [T | null, (v: T | null) => void] {
  const [state, setState] = useState<{ base: unknown; v: T } | null>(null);
  const current = state !== null && sameValue(state.base, value) ? state.v : null;
  return [current, (v) => setState(v === null ? null : { base: value, v })];
}

function joinIds(...ids: (string | false | undefined)[]): string | undefined {
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

function Shell(p: ShellProps) {
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
            aria-label={`Reset ${p.def.label} to its default`}
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
function useFieldError(value: unknown) {
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
function PerVcList(p: PerVcProps) {
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
        aria-label={`${p.def.label} per VC`}
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
function Varies({
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

export function NumberField({ k, def, value, auto, commit, disabled }: FieldProps<NumberParam>) {
  const id = useId();
  const ids = { slider: `${id}s`, box: `${id}b`, help: `${id}h`, err: `${id}e`, set: `${id}o` };
  const [draft, setDraft] = useValueState<string>(value);
  const [error, report] = useFieldError(value);
  const list = Array.isArray(value) ? (value as number[]) : undefined;
  const uniform = !list || list.length === 1;
  const isSet = value !== undefined;
  const current = !isSet ? undefined : list ? list[0] : (value as number);
  const autoScalar = Array.isArray(auto) ? (auto.length === 1 ? auto[0] : undefined) : auto;
  const wrap = (n: number): unknown => (def.perVc ? [n] : n);

  // A draft out of range (being typed, or refused) leaves the slider where the value is.
  const draftNumber = draft === null || draft.trim() === '' ? NaN : Number(draft);
  const shown =
    draftNumber >= sliderAttrs(def).min && draftNumber <= def.max
      ? Math.max(def.min, draftNumber)
      : (current ?? autoScalar ?? def.min);
  const valueText = !isSet
    ? autoScalar !== undefined
      ? `auto, ${withUnit(autoScalar, def.unit)}`
      : 'auto'
    : uniform
      ? withUnit(shown, def.unit)
      : 'per VC';

  const commitSlider = (raw: string) => {
    const err = commit(k, wrap(snap(def, Number(raw))));
    setDraft(null);
    report('main')(err);
  };

  const commitBox = () => {
    if (draft === null) return;
    let next: unknown;
    if (draft.trim() === '' && def.optional) next = undefined;
    else {
      const r = parseNumberText(k, def, draft);
      if ('error' in r) {
        report('main')(r.error);
        return;
      }
      next = wrap(r.value);
    }
    const err = commit(k, next);
    report('main')(err);
    if (!err) setDraft(null);
  };

  const described = (source: ErrorSource) => joinIds(ids.help, error?.source === source && ids.err);

  return (
    <Shell
      k={k}
      def={def}
      value={value}
      helpId={ids.help}
      errorId={ids.err}
      error={error}
      disabled={disabled}
      valueText={valueText}
      onReset={() => {
        setDraft(null);
        report('main')(commit(k, DEFAULTS[k]));
      }}
      head={
        <label className="sc-label" htmlFor={uniform ? ids.slider : undefined}>
          {def.label}
        </label>
      }
    >
      {uniform ? (
        <div className="sc-row">
          <Slider
            id={ids.slider}
            label={def.label}
            valueText={valueText}
            def={def}
            value={shown}
            disabled={disabled || !isSet}
            describedBy={described('main')}
            onInput={setDraft}
            onCommit={commitSlider}
          />
          <input
            id={ids.box}
            type="text"
            className="sc-num"
            inputMode={def.kind === 'int' ? 'numeric' : 'decimal'}
            spellCheck={false}
            autoComplete="off"
            aria-label={`${def.label} value${def.unit ? ` in ${def.unit}` : ''}`}
            aria-describedby={described('main')}
            aria-invalid={error?.source === 'main' || undefined}
            placeholder={!isSet && autoScalar !== undefined ? String(autoScalar) : undefined}
            value={draft ?? (current === undefined ? '' : String(current))}
            disabled={disabled}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onBlur={commitBox}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commitBox();
              else if (e.key === 'Escape' && (draft !== null || error)) {
                setDraft(null);
                report('main')(null);
              }
            }}
          />
        </div>
      ) : (
        <Varies
          list={list ?? []}
          unit={def.unit}
          label={def.label}
          disabled={disabled}
          onUniform={() => report('main')(commit(k, [list?.[0]]))}
        />
      )}
      {(def.optional || def.perVc) && (
        <div className="sc-extra">
          {def.optional && (
            <label className="sc-set">
              <input
                id={ids.set}
                type="checkbox"
                aria-label={`Set ${def.label}`}
                aria-describedby={ids.help}
                checked={isSet}
                disabled={disabled}
                onChange={(e) => {
                  setDraft(null);
                  const start = auto ?? wrap(snap(def, def.min));
                  report('main')(commit(k, e.currentTarget.checked ? start : undefined));
                }}
              />
              set
            </label>
          )}
          {def.perVc && (
            <PerVcList
              k={k}
              def={def}
              value={value}
              auto={auto}
              commit={commit}
              disabled={disabled}
              invalid={error?.source === 'list'}
              describedBy={described('list')}
              report={report('list')}
            />
          )}
        </div>
      )}
    </Shell>
  );
}

export function EnumField({ k, def, value, commit, disabled }: FieldProps<EnumParam>) {
  const id = useId();
  const ids = { select: `${id}s`, help: `${id}h`, err: `${id}e`, opt: `${id}d` };
  const [error, report] = useFieldError(value);
  const list = Array.isArray(value) ? (value as string[]) : undefined;
  const uniform = !list || list.length === 1;
  const current = list ? list[0] : (value as string);
  const described = (source: ErrorSource) =>
    joinIds(ids.help, source === 'main' && uniform && ids.opt, error?.source === source && ids.err);

  return (
    <Shell
      k={k}
      def={def}
      value={value}
      helpId={ids.help}
      errorId={ids.err}
      error={error}
      disabled={disabled}
      onReset={() => report('main')(commit(k, DEFAULTS[k]))}
      cites={uniform ? def.optionHelp[current] : undefined}
      head={
        <label className="sc-label" htmlFor={uniform ? ids.select : undefined}>
          {def.label}
        </label>
      }
    >
      {uniform ? (
        <>
          <div className="sc-row">
            <select
              id={ids.select}
              className="sc-select"
              value={current}
              disabled={disabled}
              aria-describedby={described('main')}
              aria-invalid={error?.source === 'main' || undefined}
              onChange={(e) => {
                const v = e.currentTarget.value;
                report('main')(commit(k, def.perVc ? [v] : v));
              }}
            >
              {def.options.map((o) => (
                <option key={o} value={o} title={def.optionHelp[o]}>
                  {def.optionLabels[o]}
                </option>
              ))}
            </select>
            <code className="sc-key sc-option-key" title={`${k}=${current}`}>
              {current}
            </code>
          </div>
          <p className="sc-option-help" id={ids.opt}>
            {def.optionHelp[current]}
          </p>
        </>
      ) : (
        <Varies
          list={list ?? []}
          label={def.label}
          disabled={disabled}
          onUniform={() => report('main')(commit(k, [current]))}
        />
      )}
      {def.perVc && (
        <div className="sc-extra">
          <PerVcList
            k={k}
            def={def}
            value={value}
            auto={undefined}
            commit={commit}
            disabled={disabled}
            invalid={error?.source === 'list'}
            describedBy={described('list')}
            report={report('list')}
          />
        </div>
      )}
    </Shell>
  );
}

export function BoolField({ k, def, value, commit, disabled }: FieldProps<BoolParam>) {
  const id = useId();
  const ids = { box: `${id}c`, help: `${id}h`, err: `${id}e` };
  const [error, report] = useFieldError(value);
  const list = Array.isArray(value) ? (value as boolean[]) : undefined;
  const uniform = !list || list.length === 1;
  const current = list ? list[0] : (value as boolean);
  const described = (source: ErrorSource) => joinIds(ids.help, error?.source === source && ids.err);

  return (
    <Shell
      k={k}
      def={def}
      value={value}
      helpId={ids.help}
      errorId={ids.err}
      error={error}
      disabled={disabled}
      onReset={() => report('main')(commit(k, DEFAULTS[k]))}
      head={
        uniform ? (
          <span className="sc-check">
            <input
              id={ids.box}
              type="checkbox"
              checked={current}
              disabled={disabled}
              aria-describedby={described('main')}
              aria-invalid={error?.source === 'main' || undefined}
              onChange={(e) => {
                const v = e.currentTarget.checked;
                report('main')(commit(k, def.perVc ? [v] : v));
              }}
            />
            <label className="sc-label" htmlFor={ids.box}>
              {def.label}
            </label>
          </span>
        ) : (
          <span className="sc-label">{def.label}</span>
        )
      }
    >
      {!uniform && (
        <Varies
          list={(list ?? []).map((b) => (b ? 'on' : 'off'))}
          label={def.label}
          disabled={disabled}
          onUniform={() => report('main')(commit(k, [current]))}
        />
      )}
      {def.perVc && (
        <div className="sc-extra">
          <PerVcList
            k={k}
            def={def}
            value={value}
            auto={undefined}
            commit={commit}
            disabled={disabled}
            invalid={error?.source === 'list'}
            describedBy={described('list')}
            report={report('list')}
          />
        </div>
      )}
    </Shell>
  );
}

/** The generic per-kind renderer. */
export function Field(p: FieldProps) {
  if (p.def.kind === 'enum') return <EnumField {...p} def={p.def} />;
  if (p.def.kind === 'bool') return <BoolField {...p} def={p.def} />;
  return <NumberField {...p} def={p.def} />;
}
