/**
 * The one place that builds the services: each is constructed once per app and given the
 * collaborators it uses, in dependency order (a service is built after the ones it receives).
 * Their type (`Services`) lives here too, not in context.ts: only the composition root and the
 * plugins (through `app.services`) see them all; a service sees the context and what it received.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { AppContext } from './context'
import { AccountService } from './modules/account/account.service'
import { ConsentService } from './modules/consent/consent.service'
import { ActivityService } from './modules/activity/activity.service'
import { ActivityAdminService } from './modules/activity/activity-admin.service'
import { AdminUserService } from './modules/admin-user/admin-user.service'
import { AssetService } from './modules/asset/asset.service'
import { ChatHub } from './modules/chat/chat.hub'
import { ChatService } from './modules/chat/chat.service'
import { HelpdeskService } from './modules/chat/helpdesk.service'
import { ContentService } from './modules/content/content.service'
import { DictionaryService } from './modules/dictionary/dictionary.service'
import { EnrollmentService } from './modules/enrollment/enrollment.service'
import { EnrollmentAdminService } from './modules/enrollment/enrollment-admin.service'
import { TicketService } from './modules/enrollment/ticket.service'
import { CheckinService } from './modules/enrollment/checkin.service'
import { RaffleService } from './modules/raffle/raffle.service'
import { RaffleAdminService } from './modules/raffle/raffle-admin.service'
import { FavoriteService } from './modules/favorite/favorite.service'
import { FeedbackService } from './modules/feedback/feedback.service'
import { FileService } from './modules/file/file.service'
import { FollowService } from './modules/follow/follow.service'
import { HotContentService } from './modules/hot-content/hot-content.service'
import { InformationService } from './modules/information/information.service'
import { InformationAdminService } from './modules/information/information-admin.service'
import { MenuService } from './modules/menu/menu.service'
import { NoticeService } from './modules/notice/notice.service'
import { OrgProjectService } from './modules/org-project/org-project.service'
import { OrganizationService } from './modules/organization/organization.service'
import { PermissionService } from './modules/permission/permission.service'
import { PlatformService } from './modules/platform/platform.service'
import { PolicyService } from './modules/policy/policy.service'
import { PolicyAdminService } from './modules/policy/policy-admin.service'
import { ProfileService } from './modules/profile/profile.service'
import { RoadshowService } from './modules/roadshow/roadshow.service'
import { RoleService } from './modules/role/role.service'
import { SearchService } from './modules/search/search.service'
import { ServiceCategoryService } from './modules/service-category/service-category.service'
import { SiteService } from './modules/site/site.service'
import { SiteContentService } from './modules/site-content/site-content.service'
import { SponsorService } from './modules/sponsor/sponsor.service'
import { SubscriptionService } from './modules/subscription/subscription.service'
import { TalentService } from './modules/talent/talent.service'
import { TopicService } from './modules/topic/topic.service'
import { TopicAdminService } from './modules/topic/topic-admin.service'
import { WechatService } from './modules/wechat/wechat.service'
import { AnalysisService } from './modules/analysis/analysis.service'
import { CompetitionService } from './modules/competition/competition.service'
import { NotificationService } from './modules/notification/notification.service'
import { InboxService } from './modules/notification/inbox.service'
import { ProjectAdminService } from './modules/competition/project-admin.service'
import { RequirementService } from './modules/competition/requirement.service'
import { VisitService } from './modules/competition/visit.service'
import { AuditService } from './modules/audit/audit.service'
import { PrivacyService } from './modules/privacy/privacy.service'

/** One instance of each module's service; routes and plugins reach them as `app.services.<name>`. */
export interface Services {
  account: AccountService
  consent: ConsentService
  activity: ActivityService
  activityAdmin: ActivityAdminService
  adminUser: AdminUserService
  asset: AssetService
  chat: ChatService
  helpdesk: HelpdeskService
  content: ContentService
  dictionary: DictionaryService
  enrollment: EnrollmentService
  enrollmentAdmin: EnrollmentAdminService
  ticket: TicketService
  checkin: CheckinService
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
  notification: NotificationService
  inbox: InboxService
  audit: AuditService
  privacy: PrivacyService
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
  }
}

export function buildServices(ctx: AppContext, log: FastifyBaseLogger): Services {
  // shared by many: people and permissions, dictionaries, files, subscriptions
  const permission = new PermissionService(ctx)
  const organization = new OrganizationService(ctx)
  // consent to the User Agreement and Privacy Policy: asked at registration and again after a new version
  const consent = new ConsentService(ctx)
  const account = new AccountService(ctx, organization, consent)
  const dictionary = new DictionaryService(ctx)
  const file = new FileService(ctx)
  const subscription = new SubscriptionService(ctx, dictionary)
  // what people are told (inbox, e-mail, WeChat): results, changes, reminders, notices, prizes
  const notification = new NotificationService(ctx)

  // the published content
  // the activity detail tallies its views in the analysis service
  const analysis = new AnalysisService(ctx)
  const activity = new ActivityService(ctx, dictionary, analysis)
  const information = new InformationService(ctx, dictionary)
  const topic = new TopicService(ctx, activity, information)
  const policy = new PolicyService(ctx, dictionary)
  const sponsor = new SponsorService(ctx, activity)
  const projectAdmin = new ProjectAdminService(ctx, dictionary)
  const competition = new CompetitionService(ctx, projectAdmin)
  const orgProject = new OrgProjectService(ctx, dictionary)
  const roadshow = new RoadshowService(ctx, dictionary, activity, orgProject)
  const enrollment = new EnrollmentService(ctx, activity, projectAdmin, notification)
  const ticket = new TicketService(ctx, notification)
  // a seat a status change freed was offered in its transaction: the waiting list tells the person
  enrollment.seatsOffered = (activityId, ids) => ticket.announce(activityId, ids)
  const activityAdmin = new ActivityAdminService(ctx, dictionary, notification)
  // seats raised in the activity editor go to the waiting list at once
  activityAdmin.seatsChanged = (activityId) => ticket.fill(activityId)
  // deleting the account and downloading one's data; a sign-in (e-mail or WeChat) cancels a pending deletion
  const privacy = new PrivacyService(ctx, account, notification)
  account.signedIn = (userId) => privacy.signedIn(userId)
  account.deletionCancelled = (userId) => privacy.cancelNotice(userId)
  const wechat = new WechatService(ctx, log, consent)
  wechat.signedIn = (userId) => privacy.signedIn(userId)
  // the live chat, and the helpdesk around it (canned replies, ratings, alerts, hours)
  const chat = new ChatService(ctx, new ChatHub(ctx, log), permission, file)
  // an account made by WeChat sign-in proves it is its owner for its deletion with a fresh WeChat ticket
  privacy.wechatOwner = (ticket) => wechat.userOfTicket(ticket)

  return {
    permission,
    organization,
    account,
    consent,
    dictionary,
    file,
    subscription,
    activity,
    information,
    topic,
    policy,
    sponsor,
    roadshow,
    enrollment,
    ticket,
    checkin: new CheckinService(ctx, ticket),
    platform: new PlatformService(ctx, dictionary),
    talent: new TalentService(ctx, dictionary),
    orgProject,
    content: new ContentService(ctx, { activity, topic, information, policy, sponsor, roadshow }),
    search: new SearchService({ activity, topic, information, policy, sponsor }),
    site: new SiteService(ctx),
    asset: new AssetService(ctx),

    // what people do: favourites, follows, their profile, feedback, the chat
    favorite: new FavoriteService(ctx, { activity, topic, information }),
    follow: new FollowService(ctx, sponsor),
    profile: new ProfileService(ctx, account),
    feedback: new FeedbackService(ctx),
    notice: new NoticeService(ctx, notification),
    notification,
    inbox: new InboxService(ctx, notification),
    wechat,
    chat,
    helpdesk: new HelpdeskService(ctx, chat, log),

    // the admin
    adminUser: new AdminUserService(ctx),
    menu: new MenuService(ctx, permission),
    role: new RoleService(ctx),
    activityAdmin,
    enrollmentAdmin: new EnrollmentAdminService(ctx, enrollment),
    topicAdmin: new TopicAdminService(ctx),
    informationAdmin: new InformationAdminService(ctx, subscription),
    policyAdmin: new PolicyAdminService(ctx, subscription),
    hotContent: new HotContentService(ctx),
    siteContent: new SiteContentService(ctx, dictionary),
    serviceCategory: new ServiceCategoryService(ctx),
    analysis,
    raffle: new RaffleService(ctx, notification),
    raffleAdmin: new RaffleAdminService(ctx),
    competition,
    projectAdmin,
    requirement: new RequirementService(ctx, projectAdmin),
    visit: new VisitService(ctx, projectAdmin),
    // who did what in the admin (plugins/audit.ts writes the rows)
    audit: new AuditService(ctx, log),
    privacy,
  }
}
