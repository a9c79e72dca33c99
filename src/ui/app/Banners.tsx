// The page's alerts: keys of the link that could not be used (named, with their defaults
// taken), and a worker that stopped (the scenario stays in the address bar; one click restarts).
import type { ScenarioIssue } from '../../sim';

export function Banners({
  issues,
  onDismiss,
  failure,
  onRestart,
}: {
  issues: ScenarioIssue[];
  onDismiss(): void;
  failure: string | null;
  onRestart(): void;
}) {
  return (
    <>
      {issues.length > 0 && (
        <div className="banner banner-warn" role="alert" data-testid="url-issues">
          <strong>
            Some settings in the link were not understood; defaults are used for them:
          </strong>
          <ul>
            {issues.map((i) => (
              <li key={i.key + i.message}>{i.message}</li>
            ))}
          </ul>
          <button type="button" className="link" onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      )}
      {failure && (
        <div className="banner banner-error" role="alert" data-testid="worker-failure">
          <strong>The simulation stopped:</strong> {failure}. Your scenario is kept in the address
          bar.{' '}
          <button type="button" onClick={onRestart}>
            Restart simulation
          </button>
        </div>
      )}
    </>
  );
}
