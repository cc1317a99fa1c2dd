/** The web builds load a language's texts whole (../texts.h5.ts): nothing to add. */
export {}
