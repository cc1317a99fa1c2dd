/**
 * The admin's English texts the first view needs: the base file (login, shell, home) and the analysis area
 * (the home view's figures). The other areas are in ./areas-en.ts, loaded with the views' code
 * (./load.ts). On the web each is a chunk of its own.
 */
import enBase from './en.json'
import enAnalysis from './analysis.en.json'
import { deepMerge } from './merge'

export const FIRST_FILES = [enBase, enAnalysis]

export default deepMerge(...FIRST_FILES)
