/** The activity page's body, imported with the page: a mini-program's pages are packaged whole. */
export { default } from './body'
