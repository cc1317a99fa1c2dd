// Stands in for a polyfill every browser the web builds target already has (config/index.ts, webBrowserApis).
