/** Demo content of the seed (bilingual). Kept apart from the seeding logic for readability. */
import type { SeedButton, SeedMenu } from './admin-menus'

export const DEMO_PASSWORD = 'Haijiao2026'

export const ORGANIZATIONS = [
  {
    key: 'innovation',
    nameZh: '海归创新中心',
    nameEn: 'Returnee Innovation Centre',
    website: 'https://innovation.haijiao.demo',
    introZh: '海归创新中心为回国创业的海外人才提供孵化空间、投融资对接与政策咨询服务。',
    introEn: 'The Returnee Innovation Centre offers incubation space, investor matching and policy advice to overseas talent starting businesses in China.',
  },
  {
    key: 'shanghai',
    nameZh: '上海海外人才服务中心',
    nameEn: 'Shanghai Overseas Talent Service Centre',
    website: 'https://shanghai.haijiao.demo',
    introZh: '为留学回国人员提供落户、就业与社会保障等一站式服务。',
    introEn: 'One-stop services for returning graduates: residence registration, employment and social security.',
  },
  {
    key: 'shenzhen',
    nameZh: '深圳湾科技园',
    nameEn: 'Shenzhen Bay Science Park',
    website: 'https://szbay.haijiao.demo',
    introZh: '聚焦人工智能、生物医药与新材料的科技园区，设有海归人才专项扶持计划。',
    introEn: 'A science park focused on AI, biomedicine and new materials, with a dedicated programme for returnees.',
  },
  {
    key: 'hangzhou',
    nameZh: '杭州未来科技城',
    nameEn: 'Hangzhou Future Sci-Tech City',
    website: 'https://hangzhou.haijiao.demo',
    introZh: '数字经济创新高地，为海外高层次人才提供住房、子女教育与创业资助。',
    introEn: 'A digital-economy hub offering housing, schooling and start-up grants to high-level overseas talent.',
  },
] as const

/** A department under the first organisation, so the department tree has depth. */
export const DEPARTMENTS = [{ parent: 'innovation', nameZh: '活动运营部', nameEn: 'Events Department' }] as const

export const ROLES = [
  { code: 'operations', nameZh: '运营管理员', nameEn: 'Operations', brief: 'Provider operations staff: system management', dataScope: 'all' },
  { code: 'organizer', nameZh: '主办方', nameEn: 'Organizer', brief: 'Organizers: their own organisation only', dataScope: 'org' },
  { code: 'kefu', nameZh: '客服', nameEn: 'Service agent', brief: 'Customer service agents', dataScope: 'all' },
] as const

const ADD: SeedButton = { name: 'add', zh: '新增', en: 'Add' }
const EDIT: SeedButton = { name: 'edit', zh: '编辑', en: 'Edit' }
const DELETE: SeedButton = { name: 'delete', zh: '删除', en: 'Delete' }
const FORBID: SeedButton = { name: 'forbid', zh: '禁用', en: 'Forbid' }

/** Components are the keys the admin client maps to page components. */
export const MENUS: Array<Omit<SeedMenu, 'parent'> & { parent: string | null }> = [
  { name: 'admin', parent: null, path: '/admin', component: 'layout', titleZh: '管理后台', titleEn: 'Admin', icon: null, redirect: '/admin/home', sort: 0, buttons: [], roles: ['operations', 'organizer', 'kefu'] },
  { name: 'home', parent: 'admin', path: '/admin/home', component: 'home/index', titleZh: '首页', titleEn: 'Home', icon: 'HomeOutlined', sort: 1, buttons: [], roles: ['operations', 'organizer', 'kefu'] },
  { name: 'systemUser', parent: 'admin', path: '/admin/system/user', component: 'system/user/list', titleZh: '系统管理 › 管理员用户', titleEn: 'System › Admin users', icon: 'TeamOutlined', sort: 10, buttons: [ADD, EDIT, DELETE, FORBID], roles: ['operations'] },
  { name: 'systemCuser', parent: 'admin', path: '/admin/system/cuser', component: 'system/cuser/list', titleZh: '系统管理 › 消费者用户', titleEn: 'System › Consumer users', icon: 'UserOutlined', sort: 11, buttons: [FORBID], roles: ['operations'] },
  { name: 'systemRole', parent: 'admin', path: '/admin/system/role', component: 'system/role/list', titleZh: '系统管理 › 角色管理', titleEn: 'System › Roles', icon: 'SafetyOutlined', sort: 12, buttons: [ADD, EDIT, DELETE], roles: ['operations'] },
  { name: 'systemMenu', parent: 'admin', path: '/admin/system/menu', component: 'system/menu/list', titleZh: '系统管理 › 菜单管理', titleEn: 'System › Menus', icon: 'MenuOutlined', sort: 13, buttons: [ADD, EDIT, DELETE], roles: ['operations'] },
  { name: 'organizationProfile', parent: 'admin', path: '/admin/organization/profile', component: 'organization/profile', titleZh: '我的机构', titleEn: 'My organisation', icon: 'BankOutlined', sort: 20, buttons: [EDIT], roles: ['organizer'] },
]

export const USERS: Array<{
  email: string
  nickName: string
  isPromoter?: boolean
  realName?: string
  accounts: Array<{ kind: 'cuser' | 'ouser' | 'auser' | 'kefu'; role?: string; organization?: string }>
}> = [
  { email: 'user@haijiao.demo', nickName: '示例用户 Demo User', accounts: [{ kind: 'cuser' }] },
  { email: 'promoter@haijiao.demo', nickName: '推广达人 Demo Promoter', isPromoter: true, realName: '李推广', accounts: [{ kind: 'cuser' }] },
  { email: 'org@haijiao.demo', nickName: '海归创新中心 Organizer', accounts: [{ kind: 'ouser', role: 'organizer', organization: 'innovation' }] },
  { email: 'ops@haijiao.demo', nickName: '运营小王 Operations', accounts: [{ kind: 'auser', role: 'operations' }] },
  { email: 'kefu@haijiao.demo', nickName: '客服小海 Service Agent', accounts: [{ kind: 'kefu', role: 'kefu' }] },
]

/** Activities, placed relative to the first seed day so the home page always has upcoming and past ones. */
export const ACTIVITIES: Array<{
  titleZh: string
  titleEn: string
  summaryZh: string
  summaryEn: string
  type: 'online' | 'offline' | 'both'
  country: string
  cityZh: string
  cityEn: string
  /** UTC offset in hours */
  tz: number
  dayOffset: number
  localHour: number
  hours: number
  organization: string
  people: number
  enrolled: number
  hot?: boolean
  draft?: boolean
}> = [
  { titleZh: '海外高层次人才回国创业大赛（北京站）', titleEn: 'Overseas Talent Entrepreneurship Competition — Beijing', summaryZh: '面向海外博士与青年学者的创业项目路演与评审。', summaryEn: 'Pitches and judging of start-up projects by overseas PhDs and young scholars.', type: 'offline', country: 'CN', cityZh: '北京', cityEn: 'Beijing', tz: 8, dayOffset: 10, localHour: 9, hours: 8, organization: 'innovation', people: 120, enrolled: 46, hot: true },
  { titleZh: '硅谷海归人才线上交流会', titleEn: 'Silicon Valley Returnee Online Meetup', summaryZh: '湾区华人工程师分享回国发展经验。', summaryEn: 'Bay Area engineers share their experience of moving back to China.', type: 'online', country: 'US', cityZh: '旧金山', cityEn: 'San Francisco', tz: -8, dayOffset: 5, localHour: 18, hours: 2, organization: 'innovation', people: 120, enrolled: 72, hot: true },
  { titleZh: '伦敦留学生回国就业宣讲会', titleEn: 'London Career Talk: Working in China', summaryZh: '知名企业现场招聘，线上同步直播。', summaryEn: 'Leading employers recruit on site, streamed live online.', type: 'both', country: 'GB', cityZh: '伦敦', cityEn: 'London', tz: 0, dayOffset: 20, localHour: 14, hours: 3, organization: 'shanghai', people: 100, enrolled: 48 },
  { titleZh: '深圳湾科技成果转化路演', titleEn: 'Shenzhen Bay Technology Transfer Roadshow', summaryZh: '十个科技成果项目对接产业资本。', summaryEn: 'Ten research results meet industrial investors.', type: 'offline', country: 'CN', cityZh: '深圳', cityEn: 'Shenzhen', tz: 8, dayOffset: 3, localHour: 14, hours: 4, organization: 'shenzhen', people: 120, enrolled: 97, hot: true },
  { titleZh: '悉尼青年学者归国政策解读', titleEn: 'Sydney Young Scholars: Return Policies Explained', summaryZh: '解读各地青年人才引进计划与申报要点。', summaryEn: 'Regional young-talent programmes and how to apply.', type: 'online', country: 'AU', cityZh: '悉尼', cityEn: 'Sydney', tz: 10, dayOffset: 14, localHour: 19, hours: 2, organization: 'shanghai', people: 150, enrolled: 63 },
  { titleZh: '柏林工程师人才对接会', titleEn: 'Berlin Engineers Talent Matching', summaryZh: '智能制造企业与欧洲工程师面对面。', summaryEn: 'Smart-manufacturing companies meet European-trained engineers.', type: 'both', country: 'DE', cityZh: '柏林', cityEn: 'Berlin', tz: 1, dayOffset: 30, localHour: 10, hours: 6, organization: 'hangzhou', people: 80, enrolled: 22 },
  { titleZh: '东京生物医药创新论坛', titleEn: 'Tokyo Biomedicine Innovation Forum', summaryZh: '生物医药领域的海归创业者与园区对话。', summaryEn: 'Biomedicine founders talk with science parks.', type: 'offline', country: 'JP', cityZh: '东京', cityEn: 'Tokyo', tz: 9, dayOffset: 45, localHour: 13, hours: 5, organization: 'shenzhen', people: 60, enrolled: 15 },
  { titleZh: '杭州数字经济人才峰会', titleEn: 'Hangzhou Digital Economy Talent Summit', summaryZh: '数字经济领军企业发布人才需求。', summaryEn: 'Digital-economy leaders announce their talent needs.', type: 'offline', country: 'CN', cityZh: '杭州', cityEn: 'Hangzhou', tz: 8, dayOffset: 60, localHour: 9, hours: 8, organization: 'hangzhou', people: 200, enrolled: 88 },
  { titleZh: '多伦多人工智能人才见面会', titleEn: 'Toronto AI Talent Meetup', summaryZh: '人工智能方向的研究者了解国内机会。', summaryEn: 'AI researchers learn about opportunities in China.', type: 'online', country: 'CA', cityZh: '多伦多', cityEn: 'Toronto', tz: -5, dayOffset: -7, localHour: 19, hours: 2, organization: 'innovation', people: 100, enrolled: 91 },
  { titleZh: '上海海归人才招聘会', titleEn: 'Shanghai Returnee Job Fair', summaryZh: '百家企业提供上千个岗位。', summaryEn: 'A hundred employers offering over a thousand positions.', type: 'offline', country: 'CN', cityZh: '上海', cityEn: 'Shanghai', tz: 8, dayOffset: -20, localHour: 9, hours: 7, organization: 'shanghai', people: 120, enrolled: 120, hot: true },
  { titleZh: '新加坡创业投资沙龙', titleEn: 'Singapore Venture Capital Salon', summaryZh: '投资人点评海归创业项目。', summaryEn: 'Investors review returnee start-up projects.', type: 'both', country: 'SG', cityZh: '新加坡', cityEn: 'Singapore', tz: 8, dayOffset: -35, localHour: 15, hours: 3, organization: 'innovation', people: 40, enrolled: 40 },
  { titleZh: '纽约金融人才回国发展论坛', titleEn: 'New York Finance Talent Homecoming Forum', summaryZh: '金融从业者回国发展路径分享。', summaryEn: 'Career paths in China for finance professionals.', type: 'online', country: 'US', cityZh: '纽约', cityEn: 'New York', tz: -5, dayOffset: -3, localHour: 20, hours: 2, organization: 'shanghai', people: 120, enrolled: 90 },
  { titleZh: '（草稿）秋季人才沙龙', titleEn: '(Draft) Autumn Talent Salon', summaryZh: '尚未发布。', summaryEn: 'Not published yet.', type: 'offline', country: 'CN', cityZh: '广州', cityEn: 'Guangzhou', tz: 8, dayOffset: 90, localHour: 14, hours: 2, organization: 'innovation', people: 50, enrolled: 0, draft: true },
]

/** the frame's contact details (operations edit them in the admin's site settings); plausible, not placeholders */
export const SITE_SETTINGS: Record<string, string> = {
  phone: '400-820-6618',
  email: 'service@haijiao.org.cn',
  icp: '京ICP备2023018826号-1',
  copyright_zh: '© 2026 海交 版权所有',
  copyright_en: '© 2026 Haijiao. All rights reserved.',
}

/** values earlier seeds wrote that looked fake to a visitor: replaced where a database still holds them */
export const OLD_SITE_SETTINGS: Record<string, string> = {
  phone: '400-800-1234',
  email: 'service@haijiao.demo',
  icp: '京ICP备00000000号',
}

export const SITE_TEXTS = [
  {
    code: 'user_agreement',
    titleZh: '用户协议',
    titleEn: 'User Agreement',
    contentZh: [
      '欢迎使用海交平台（以下简称“本平台”）。本平台为海外人才提供活动报名、政策资讯、项目路演与咨询等服务。您注册或使用本平台，即表示您已阅读并同意本协议。',
      '一、账号注册与使用：您应使用本人真实有效的电子邮箱注册，并妥善保管账号与密码。因您保管不善造成的损失由您自行承担。同一邮箱可同时拥有个人账号与主办方账号。',
      '二、用户行为规范：您不得利用本平台发布违法、虚假、侵权或骚扰信息，不得干扰平台的正常运行。主办方应确保其发布的活动信息真实、准确，并依法处理报名者的个人信息。',
      '三、服务变更与终止：本平台可根据运营需要调整服务内容；对违反本协议的账号，本平台有权禁用、锁定或注销。',
      '四、免责声明：活动由主办方组织，本平台对活动的实际举办情况不作担保，但会协助处理相关投诉。',
      '五、适用法律：本协议适用中华人民共和国法律。如有争议，双方应友好协商；协商不成的，提交平台运营方所在地人民法院诉讼解决。',
    ].join('\n\n'),
    contentEn: [
      'Welcome to Haijiao (the "Platform"). The Platform offers overseas talent activity enrolment, policy news, project roadshows and consultation. By registering or using the Platform you confirm that you have read and accept this Agreement.',
      '1. Accounts. Register with a real e-mail address that you own and keep your password safe; you are responsible for losses caused by careless handling. One e-mail address may hold both a personal and an organizer account.',
      '2. Conduct. Do not publish unlawful, false, infringing or harassing content, and do not disrupt the Platform. Organizers must keep their activity information true and accurate and handle participants\' personal data lawfully.',
      '3. Changes and termination. The Platform may change its services as operations require, and may disable, lock or close accounts that break this Agreement.',
      '4. Disclaimer. Activities are run by their organizers; the Platform does not guarantee how an activity takes place but will help handle complaints.',
      '5. Governing law. This Agreement is governed by the laws of the People\'s Republic of China. Disputes are settled amicably first, otherwise before the court where the operator is registered.',
    ].join('\n\n'),
  },
  {
    code: 'privacy_policy',
    titleZh: '隐私政策',
    titleEn: 'Privacy Policy',
    contentZh: [
      '本隐私政策说明海交平台如何收集、使用、存储和保护您的个人信息。',
      '一、我们收集的信息：注册时的电子邮箱、昵称与密码（仅保存不可逆的加密摘要）；您主动填写的手机号、真实姓名与头像；报名活动时您提交的报名表信息；以及为保障安全记录的登录时间与 IP 地址。',
      '二、信息的使用：用于账号登录与找回、活动报名与通知、客服咨询，以及在您订阅后发送政策资讯。我们不会将您的信息出售给任何第三方。',
      '三、信息的共享：仅在您报名某活动时，将报名所需信息提供给该活动的主办方；或依照法律法规要求向主管机关提供。',
      '四、信息的存储与保护：信息存储在中华人民共和国境内的服务器上，采用访问控制与加密措施保护。验证码在使用或过期后失效。',
      '五、您的权利：您可以在个人中心查看、更正您的资料，也可以联系客服（service@haijiao.demo）申请注销账号或退订邮件。',
    ].join('\n\n'),
    contentEn: [
      'This Privacy Policy explains how Haijiao collects, uses, stores and protects your personal information.',
      '1. What we collect: your e-mail address, nickname and password at registration (only an irreversible hash of the password is stored); the phone number, real name and avatar you choose to add; the enrolment forms you submit for activities; and login times and IP addresses kept for security.',
      '2. How we use it: to sign you in and recover your account, to handle enrolments and notices, to answer service requests, and, when you subscribe, to send policy news. We never sell your information.',
      '3. Sharing: only the information an activity needs is shared with its organizer when you enrol, or with authorities where the law requires it.',
      '4. Storage and protection: data is stored on servers in the People\'s Republic of China and protected by access control and encryption. Verification codes stop working once used or expired.',
      '5. Your rights: you can view and correct your profile in the personal centre, and contact service@haijiao.demo to close your account or unsubscribe.',
    ].join('\n\n'),
  },
]

export const HOT_SEARCH = [
  { module: 'topic', relationId: 1, title: '海外人才回国创业扶持 Start-up support for returnees', sort: 1 },
  { module: 'topic', relationId: 2, title: '青年科学家计划 Young Scientists Programme', sort: 2 },
  { module: 'policy', relationId: 1, title: '上海留学人员落户政策 Shanghai residence policy', sort: 1 },
  { module: 'policy', relationId: 2, title: '深圳高层次人才认定 Shenzhen high-level talent', sort: 2 },
  { module: 'place', relationId: 0, title: '深圳湾科技园 Shenzhen Bay Science Park', sort: 1, organization: 'shenzhen' },
  { module: 'place', relationId: 0, title: '杭州未来科技城 Hangzhou Future Sci-Tech City', sort: 2, organization: 'hangzhou' },
] as const
