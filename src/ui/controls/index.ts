export { ScenarioControls } from './ScenarioControls';
export type { ScenarioControlsProps } from './ScenarioControls';
