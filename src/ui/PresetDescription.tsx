// The description of the preset on show: what it stands for (with the paper's and the model's
// figures), and, when the scenario departs from it, which keys changed and a way back.
import type { Preset, Scenario } from '../sim';
import { MARK, annotate } from '../reproduce/annotate';
import { useScorecard } from './reproduce/useScorecard';
import { presetChanges } from './presets';

export function PresetDescription({
  preset,
  modified,
  scenario,
  onReset,
  brief = false,
}: {
  preset: Preset;
  modified: boolean;
  scenario: Scenario;
  onReset: () => void;
  /** Only the changed keys (the one-line summary above the views), not the description. */
  brief?: boolean;
}) {
  const changes = modified ? presetChanges(scenario, preset.name) : [];
  const card = useScorecard()?.SCORECARD;
  return (
    <section
      className="preset-desc"
      data-testid="preset-description"
      aria-label="About this preset"
    >
      <p hidden={brief}>
        <strong>
          {preset.title}
          {modified ? ' (modified)' : ''}.
        </strong>{' '}
        {card ? annotate(preset.description, card) : preset.description.replace(MARK, '…')}
      </p>
      {modified && (
        <p className="preset-changes" data-testid="preset-changes">
          <span
            title={changes
              .map((c) => `${c.label} ${c.key} ${c.value} (preset ${c.presetValue})`)
              .join(' · ')}
          >
            Changed from the preset:{' '}
            {changes.map((c, i) => (
              <span key={c.key} data-key={c.key}>
                {i > 0 ? ' · ' : ''}
                <strong>{c.label}</strong> <code>{c.key}</code> {c.value}{' '}
                <span className="muted">(preset {c.presetValue})</span>
              </span>
            ))}
            {changes.length === 0 ? 'nothing' : ''}.
          </span>{' '}
          <button type="button" className="small" onClick={onReset}>
            Reset to preset
          </button>
        </p>
      )}
    </section>
  );
}
