// Minimal typing for the stylis export we use (no @types/stylis installed).
declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';
  export type Middleware = StylisPlugin;
  export const prefixer: StylisPlugin;
}
