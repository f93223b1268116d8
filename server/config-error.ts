/** A bad environment value: start-up stops with its one-line message naming the variable. */
export class ConfigError extends Error {}
