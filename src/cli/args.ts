import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ParsedScenario, Scenario, ScenarioIssue } from '../sim';
import { parseAppLink } from '../link';
import {
  GROUP_TITLES,
  KEYS,
  PAPER_TAGS,
  PRESETS,
  SCHEMA,
  applyOverrides,
  appliesWhen,
  citation,
  defaultScenario,
  groupedKeys,
  parseScenario,
} from '../sim';
import { APP_COMMIT } from '../version';

/** A user error: printed as a message and exit status 2, never as a stack trace. */
export class UsageError extends Error {}

export interface CliScenario {
  scenario: Scenario;
  json: boolean;
  rest: Map<string, string[]>;
}

const SCENARIO_FLAGS = new Set<string>(KEYS);

/**
 * Parses `(--preset NAME | --url 'URL or ?query') [--set key=value ...] [--KEY value ...]
 * [--duration S] [--seed N] [--json]`. Every schema key is also a flag. Unknown flags in
 * `extra` are returned in `rest` for the calling command.
 */
export function parseCli(argv: string[], extra: string[] = []): CliScenario {
  let base: ParsedScenario = { scenario: defaultScenario(), errors: [] };
  const overrides: [string, string][] = [];
  const rest = new Map<string, string[]>();
  let json = false;
  let source = '';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}" (see --help)`);
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (): string => {
      if (inline !== undefined) return inline;
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`--${flag} needs a value`);
      return v;
    };
    if (flag === 'json') json = true;
    else if (flag === 'preset' || flag === 'url') {
      if (source)
        throw new UsageError(`give one of --preset and --url, not both (${source} already given)`);
      source = `--${flag}`;
      const v = value();
      if (flag === 'preset' && !PRESETS.some((p) => p.name === v))
        throw new UsageError(
          `preset: unknown preset "${v}"; one of ${PRESETS.map((p) => p.name).join(', ')}`,
        );
      // A link of the app may carry its own keys (lesson, t, b.…): the app's, skipped here.
      base = flag === 'preset' ? parseScenario(`preset=${encodeURIComponent(v)}`) : parseAppLink(v);
    } else if (flag === 'set') {
      const kv = value();
      const k = kv.indexOf('=');
      if (k <= 0) throw new UsageError(`--set expects key=value, got "${kv}"`);
      overrides.push([kv.slice(0, k), kv.slice(k + 1)]);
    } else if (SCENARIO_FLAGS.has(flag)) {
      overrides.push([flag, value()]);
    } else if (extra.includes(flag)) {
      const list = rest.get(flag) ?? [];
      list.push(value());
      rest.set(flag, list);
    } else {
      throw new UsageError(`unknown option --${flag} (see --help)`);
    }
  }
  const errors: ScenarioIssue[] = [...base.errors];
  const applied = applyOverrides(base.scenario, overrides);
  errors.push(...applied.errors);
  if (errors.length > 0) throw new UsageError(errors.map((e) => e.message).join('\n'));
  return { scenario: applied.scenario, json, rest };
}

export function scenarioHelp(): string {
  const param = (k: keyof Scenario) => {
    const d = SCHEMA[k];
    const range =
      d.kind === 'enum'
        ? d.options.join('|')
        : d.kind === 'bool'
          ? '0|1'
          : `${d.min}..${d.max}${d.unit ? ' ' + d.unit : ''}`;
    const def = d.default === undefined ? '' : ` (default ${String(d.default)})`;
    const when = appliesWhen(k);
    const lines = [`  --${k.padEnd(16)} ${d.label}: ${range}${def}`];
    if (when) lines.push(`      Only with ${when}.`);
    lines.push(`      ${d.help}`);
    if (d.kind === 'enum')
      for (const o of d.options)
        lines.push(`      ${o.padEnd(18)} ${(d.optionLabels as Record<string, string>)[o]}`);
    return lines.join('\n');
  };
  const sections = groupedKeys().map(
    ({ group, keys }) => `${GROUP_TITLES[group]}:\n${keys.map(param).join('\n')}`,
  );
  const presets = PRESETS.map((p) => `  ${p.name.padEnd(18)} ${p.title}`);
  const papers = PAPER_TAGS.map((t) => `  ${citation(t)}`);
  return `Scenario parameters (also accepted as --set key=value and as URL query keys):\n\n${sections.join('\n\n')}\n\nPresets:\n${presets.join('\n')}\n\nPapers cited (S0 … S4):\n${papers.join('\n')}`;
}

/** The app's version (package.json), recorded in sweep results and the scorecard. */
export function appVersion(): string | null {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    return typeof pkg.version === 'string' ? pkg.version : null;
  } catch {
    return null;
  }
}

let commit: string | undefined;

/** The commit this code is (`git rev-parse --short HEAD` of the repository, read once; the
 * build-time commit in a bundle), or "unknown" without git. Recorded in sweep results and
 * campaign directories. */
export function appCommit(): string {
  if (commit !== undefined) return commit;
  commit = APP_COMMIT;
  if (commit === 'unknown') {
    try {
      const out = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
      if (/^[0-9a-f]{4,40}$/.test(out)) commit = out;
    } catch {
      // no git, or not a repository: "unknown"
    }
  }
  return commit;
}

/** Runs `main`, turning UsageError into a message and exit status 2. */
export function runCli(main: () => void | Promise<void>): void {
  Promise.resolve()
    .then(main)
    .catch((e: unknown) => {
      if (e instanceof UsageError) {
        process.stderr.write(`error: ${e.message}\n`);
        process.exit(2);
      }
      process.stderr.write(`internal error: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    });
}
