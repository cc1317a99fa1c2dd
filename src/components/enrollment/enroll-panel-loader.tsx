/** The enrolment panel, imported with the page: a mini-program's pages are packaged whole. */
export { default } from './enroll-panel'
