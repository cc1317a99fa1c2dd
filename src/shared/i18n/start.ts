// Mini-program: both languages are bundled (./texts.ts), nothing to wait for before the first render.
export {}
