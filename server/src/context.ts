/**
 * What the app is made of, built once per app by the composition root (app.ts, services.ts):
 * - AppContext: the infrastructure every service receives (configuration, database, clock, tokens,
 *   mail, job queue, upload storage);
 * - Services: one instance of each module's service, each given its collaborators by services.ts.
 *   Routes and plugins reach them as `app.services.<name>`; a service never reaches another one
 *   except through what its constructor received.
 */
import type { Config } from './config'
import type { Database, DbKind } from './db/database'
import type { Clock } from './lib/clock'
import type { TokenClient, TokenService } from './lib/tokens'
import type { JobQueue } from './jobs/job-queue'
import type { Storage } from './storage'
import type { RouteAccess, RouteAuth } from './plugins/auth'
import type { AccountService } from './modules/account/account.service'
import type { ActivityService } from './modules/activity/activity.service'
import type { ActivityAdminService } from './modules/activity/activity-admin.service'
import type { AdminUserService } from './modules/admin-user/admin-user.service'
import type { AssetService } from './modules/asset/asset.service'
import type { ChatService } from './modules/chat/chat.service'
import type { ContentService } from './modules/content/content.service'
import type { DictionaryService } from './modules/dictionary/dictionary.service'
import type { EnrollmentService } from './modules/enrollment/enrollment.service'
import type { EnrollmentAdminService } from './modules/enrollment/enrollment-admin.service'
import type { RaffleService } from './modules/raffle/raffle.service'
import type { RaffleAdminService } from './modules/raffle/raffle-admin.service'
import type { FavoriteService } from './modules/favorite/favorite.service'
import type { FeedbackService } from './modules/feedback/feedback.service'
import type { FileService } from './modules/file/file.service'
import type { FollowService } from './modules/follow/follow.service'
import type { HotContentService } from './modules/hot-content/hot-content.service'
import type { InformationService } from './modules/information/information.service'
import type { InformationAdminService } from './modules/information/information-admin.service'
import type { MailService } from './modules/mail/mail.service'
import type { MenuService } from './modules/menu/menu.service'
import type { NoticeService } from './modules/notice/notice.service'
import type { OrgProjectService } from './modules/org-project/org-project.service'
import type { OrganizationService } from './modules/organization/organization.service'
import type { PermissionService } from './modules/permission/permission.service'
import type { PlatformService } from './modules/platform/platform.service'
import type { PolicyService } from './modules/policy/policy.service'
import type { PolicyAdminService } from './modules/policy/policy-admin.service'
import type { ProfileService } from './modules/profile/profile.service'
import type { RoadshowService } from './modules/roadshow/roadshow.service'
import type { RoleService } from './modules/role/role.service'
import type { SearchService } from './modules/search/search.service'
import type { ServiceCategoryService } from './modules/service-category/service-category.service'
import type { SiteService } from './modules/site/site.service'
import type { SiteContentService } from './modules/site-content/site-content.service'
import type { SponsorService } from './modules/sponsor/sponsor.service'
import type { SubscriptionService } from './modules/subscription/subscription.service'
import type { TalentService } from './modules/talent/talent.service'
import type { TopicService } from './modules/topic/topic.service'
import type { TopicAdminService } from './modules/topic/topic-admin.service'
import type { WechatService } from './modules/wechat/wechat.service'
import type { AnalysisService } from './modules/analysis/analysis.service'
import type { CompetitionService } from './modules/competition/competition.service'
import type { ProjectAdminService } from './modules/competition/project-admin.service'
import type { RequirementService } from './modules/competition/requirement.service'
import type { VisitService } from './modules/competition/visit.service'

export interface AppContext {
  config: Config
  db: Database
  dbKind: DbKind
  clock: Clock
  tokens: TokenService
  mail: MailService
  /** scheduled work (notices, subscription digests), run by the job worker of server.ts */
  jobs: JobQueue
  /** where uploads live (storage/): local disk or an S3-compatible bucket */
  storage: Storage
}

export interface Services {
  account: AccountService
  activity: ActivityService
  activityAdmin: ActivityAdminService
  adminUser: AdminUserService
  asset: AssetService
  chat: ChatService
  content: ContentService
  dictionary: DictionaryService
  enrollment: EnrollmentService
  enrollmentAdmin: EnrollmentAdminService
  favorite: FavoriteService
  feedback: FeedbackService
  file: FileService
  follow: FollowService
  hotContent: HotContentService
  information: InformationService
  informationAdmin: InformationAdminService
  menu: MenuService
  notice: NoticeService
  orgProject: OrgProjectService
  organization: OrganizationService
  permission: PermissionService
  platform: PlatformService
  policy: PolicyService
  policyAdmin: PolicyAdminService
  profile: ProfileService
  roadshow: RoadshowService
  role: RoleService
  search: SearchService
  serviceCategory: ServiceCategoryService
  site: SiteService
  siteContent: SiteContentService
  sponsor: SponsorService
  subscription: SubscriptionService
  talent: TalentService
  topic: TopicService
  topicAdmin: TopicAdminService
  wechat: WechatService
  analysis: AnalysisService
  raffle: RaffleService
  raffleAdmin: RaffleAdminService
  competition: CompetitionService
  projectAdmin: ProjectAdminService
  requirement: RequirementService
  visit: VisitService
}

/** Who is calling, filled by the auth preHandler. */
export interface AuthInfo {
  /** the login the token came from: admin APIs accept only `admin` (lib/tokens.ts) */
  client?: TokenClient
  userId: number
  /** admin-side grants, loaded only for routes that need them */
  access?: AdminAccess
}

export interface AdminAccess {
  roleIds: number[]
  /** 'all' when any granted role has data scope all; 'org' limits to organizationIds */
  dataScope: 'all' | 'org'
  organizationIds: number[]
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext
    services: Services
    authorize(auth: RouteAuth): (req: FastifyRequest) => Promise<void>
    /** routes with an authorize() declaration, filled as routes register */
    routeAccess: RouteAccess[]
  }
  interface FastifyRequest {
    auth: AuthInfo | null
  }
}
