/**
 * Offline rules of a Subnet-EVM chain config: what is active at a time, what the config
 * schedules, and whether a node accepts a new config over a running chain. Library-neutral.
 */
export { activeRulesAt } from './active.js'
export { checkCompatible, type CompatResult, type ConfigCompatError } from './compat.js'
export { upgradeTimeline, unscheduledTimestamp, type TimelineEvent } from './timeline.js'
