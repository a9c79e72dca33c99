/** The run-wide metrics as a select's options, in the metrics table's order and words (a
 * challenge's check, a class question's answer, a lesson question's answer). */
import { METRIC_INFO } from '../metricInfo';

export function MetricOptions() {
  return (
    <>
      {METRIC_INFO.map((m) => (
        <option key={m.key} value={m.key}>
          {m.label}
        </option>
      ))}
    </>
  );
}
