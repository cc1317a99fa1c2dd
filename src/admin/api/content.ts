/**
 * Content area: the choices of the talent and job editors. The lists and writes of talents, jobs and
 * premium places are the simple content endpoints (siteContent('talent' | 'job' | 'place') in ./site).
 */
import { SITE_ADMIN_API as S, type JobOptions, type TalentOptions } from '@contracts/admin-site'
import { get, unwrap } from './client'

/** professional fields, countries and degrees */
export const talentOptions = unwrap(() => get<TalentOptions>(S.talentOptions))
/** every platform (drafts too) */
export const jobOptions = unwrap(() => get<JobOptions>(S.jobOptions))
