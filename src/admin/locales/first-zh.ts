/**
 * The admin's Chinese texts the first view needs: the base file (login, shell, home) and the analysis area
 * (the home view's figures). The other areas are in ./areas-zh.ts, loaded with the views' code
 * (./load.ts). On the web each is a chunk of its own.
 */
import zhBase from './zh-cn.json'
import zhAnalysis from './analysis.zh-cn.json'
import { deepMerge } from './merge'

export const FIRST_FILES = [zhBase, zhAnalysis]

export default deepMerge(...FIRST_FILES)
