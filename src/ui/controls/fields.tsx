/**
 * One renderer per parameter kind (number, enum, bool), each generated from the parameter's
 * schema entry; per-VC keys add a list field. Nothing here knows about particular keys.
 */
import { useId } from 'react';
import type { BoolParam, EnumParam, NumberParam } from '../../sim';
import type { ErrorSource, FieldProps } from './fieldParts';
import { PerVcList, Shell, Varies, joinIds, useFieldError, useValueState } from './fieldParts';
import { Slider } from './Slider';
import { say } from '../../i18n/say';
import { SETTING_WORDS } from './settingWords';
import { DEFAULTS, parseNumberText, sliderAttrs, snap, withUnit } from './model';

export type { Commit, FieldProps } from './fieldParts';

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
            aria-label={
              def.unit
                ? say(SETTING_WORDS.valueIn, { label: def.label, unit: def.unit })
                : say(SETTING_WORDS.value, { label: def.label })
            }
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
                aria-label={say(SETTING_WORDS.set, { label: def.label })}
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
