/** Vocabulary of the demo content generator (content.ts): bilingual building blocks. */

type Item = [code: string, nameZh: string, nameEn: string]

export const DICTIONARIES: Array<{ code: string; nameZh: string; nameEn: string; items: Item[] }> = [
  {
    code: 'activity_category',
    nameZh: '活动分类',
    nameEn: 'Activity categories',
    items: [
      ['forum', '论坛峰会', 'Forums & summits'],
      ['recruitment', '招聘会', 'Job fairs'],
      ['roadshow', '项目路演', 'Roadshows'],
      ['salon', '沙龙', 'Salons'],
      ['policy_briefing', '政策宣讲', 'Policy briefings'],
      ['training', '培训', 'Training'],
      ['competition', '创业大赛', 'Competitions'],
      ['networking', '交流会', 'Networking'],
    ],
  },
  {
    code: 'country',
    nameZh: '国家和地区',
    nameEn: 'Countries and regions',
    items: [
      ['CN', '中国', 'China'],
      ['US', '美国', 'United States'],
      ['GB', '英国', 'United Kingdom'],
      ['AU', '澳大利亚', 'Australia'],
      ['DE', '德国', 'Germany'],
      ['JP', '日本', 'Japan'],
      ['CA', '加拿大', 'Canada'],
      ['SG', '新加坡', 'Singapore'],
      ['FR', '法国', 'France'],
      ['KR', '韩国', 'South Korea'],
      ['NZ', '新西兰', 'New Zealand'],
      ['NL', '荷兰', 'Netherlands'],
      ['CH', '瑞士', 'Switzerland'],
      ['SE', '瑞典', 'Sweden'],
    ],
  },
  {
    code: 'professional_field',
    nameZh: '专业领域',
    nameEn: 'Professional fields',
    items: [
      ['ai', '人工智能', 'Artificial intelligence'],
      ['biomed', '生物医药', 'Biomedicine'],
      ['ic', '集成电路', 'Integrated circuits'],
      ['new_materials', '新材料', 'New materials'],
      ['new_energy', '新能源', 'New energy'],
      ['smart_manufacturing', '智能制造', 'Smart manufacturing'],
      ['finance', '金融', 'Finance'],
      ['digital_economy', '数字经济', 'Digital economy'],
      ['education', '教育', 'Education'],
      ['agriculture', '现代农业', 'Modern agriculture'],
    ],
  },
  {
    code: 'degree',
    nameZh: '学历',
    nameEn: 'Degrees',
    items: [
      ['bachelor', '本科', "Bachelor's"],
      ['master', '硕士', "Master's"],
      ['doctor', '博士', 'Doctorate'],
    ],
  },
  {
    code: 'talent_title',
    nameZh: '职称',
    nameEn: 'Professional titles',
    items: [
      ['none', '无职称', 'None'],
      ['junior', '初级职称', 'Junior'],
      ['intermediate', '中级职称', 'Intermediate'],
      ['deputy_senior', '副高级职称', 'Associate senior'],
      ['senior', '正高级职称', 'Senior'],
    ],
  },
  {
    code: 'platform_nature',
    nameZh: '平台性质',
    nameEn: 'Platform natures',
    items: [
      ['university', '高校', 'University'],
      ['research_institute', '科研院所', 'Research institute'],
      ['enterprise', '民营企业', 'Private enterprise'],
      ['state_owned', '国有企业', 'State-owned enterprise'],
      ['hospital', '医疗机构', 'Hospital'],
      ['incubator', '孵化器', 'Incubator'],
    ],
  },
  {
    code: 'city',
    nameZh: '城市',
    nameEn: 'Cities',
    items: [
      ['beijing', '北京', 'Beijing'],
      ['shanghai', '上海', 'Shanghai'],
      ['shenzhen', '深圳', 'Shenzhen'],
      ['hangzhou', '杭州', 'Hangzhou'],
      ['guangzhou', '广州', 'Guangzhou'],
      ['suzhou', '苏州', 'Suzhou'],
      ['nanjing', '南京', 'Nanjing'],
      ['chengdu', '成都', 'Chengdu'],
      ['wuhan', '武汉', 'Wuhan'],
      ['xian', '西安', "Xi'an"],
      ['hefei', '合肥', 'Hefei'],
      ['xiamen', '厦门', 'Xiamen'],
    ],
  },
  {
    code: 'information_category',
    nameZh: '资讯分类',
    nameEn: 'Information categories',
    items: [
      ['news', '新闻动态', 'News'],
      ['policy_reading', '政策解读', 'Policy reading'],
      ['career', '职业发展', 'Careers'],
      ['startup', '创业故事', 'Start-up stories'],
      ['study_abroad', '留学资讯', 'Study abroad'],
    ],
  },
  {
    code: 'policy_category',
    nameZh: '政策分类',
    nameEn: 'Policy categories',
    items: [
      ['settlement', '落户', 'Residence'],
      ['funding', '资助奖励', 'Grants & awards'],
      ['housing', '住房保障', 'Housing'],
      ['startup', '创业扶持', 'Start-up support'],
      ['talent_programme', '人才计划', 'Talent programmes'],
    ],
  },
]

export const SPONSORS: Array<{
  key: string
  slug: string
  nameZh: string
  nameEn: string
  kind: 'organizer' | 'place'
  premium: boolean
  cityZh: string
  cityEn: string
  introZh: string
  introEn: string
  contentZh: string
  contentEn: string
  website: string
  followers: number
  sort: number
}> = [
  { key: 'innovation', slug: 'innovation', nameZh: '海归创新中心', nameEn: 'Returnee Innovation Centre', kind: 'organizer', premium: false, cityZh: '北京', cityEn: 'Beijing', introZh: '海归创新中心为回国创业的海外人才提供孵化空间、投融资对接与政策咨询服务。', introEn: 'The Returnee Innovation Centre offers incubation space, investor matching and policy advice to overseas talent starting businesses in China.', contentZh: '<p>中心成立于2015年，累计服务海归创业团队1200余个，链接投资机构300余家。</p>', contentEn: '<p>Founded in 2015, the centre has served more than 1,200 returnee start-up teams and works with over 300 investors.</p>', website: 'https://innovation.haijiao.demo', followers: 2380, sort: 1 },
  { key: 'shanghai', slug: 'shanghai-talent', nameZh: '上海海外人才服务中心', nameEn: 'Shanghai Overseas Talent Service Centre', kind: 'organizer', premium: false, cityZh: '上海', cityEn: 'Shanghai', introZh: '为留学回国人员提供落户、就业与社会保障等一站式服务。', introEn: 'One-stop services for returning graduates: residence registration, employment and social security.', contentZh: '<p>中心每年举办海外人才招聘与政策宣讲活动五十余场。</p>', contentEn: '<p>The centre runs more than fifty recruitment and policy events for overseas talent every year.</p>', website: 'https://shanghai.haijiao.demo', followers: 5120, sort: 2 },
  { key: 'shenzhen', slug: 'shenzhen-bay', nameZh: '深圳湾科技园', nameEn: 'Shenzhen Bay Science Park', kind: 'place', premium: true, cityZh: '深圳', cityEn: 'Shenzhen', introZh: '聚焦人工智能、生物医药与新材料的科技园区，设有海归人才专项扶持计划。', introEn: 'A science park focused on AI, biomedicine and new materials, with a dedicated programme for returnees.', contentZh: '<p>园区面积120万平方米，入驻企业900余家，提供人才公寓与最高500万元创业资助。</p>', contentEn: '<p>1.2 million m² of space, 900+ companies, talent apartments and start-up grants of up to CNY 5 million.</p>', website: 'https://szbay.haijiao.demo', followers: 8640, sort: 1 },
  { key: 'hangzhou', slug: 'hangzhou-future', nameZh: '杭州未来科技城', nameEn: 'Hangzhou Future Sci-Tech City', kind: 'place', premium: true, cityZh: '杭州', cityEn: 'Hangzhou', introZh: '数字经济创新高地，为海外高层次人才提供住房、子女教育与创业资助。', introEn: 'A digital-economy hub offering housing, schooling and start-up grants to high-level overseas talent.', contentZh: '<p>已集聚海外高层次人才4000余名，设立海创园与人才服务驿站。</p>', contentEn: '<p>Home to more than 4,000 high-level overseas professionals, with an overseas-talent park and service stations.</p>', website: 'https://hangzhou.haijiao.demo', followers: 7310, sort: 2 },
  { key: 'suzhou', slug: 'suzhou-sip', nameZh: '苏州工业园区', nameEn: 'Suzhou Industrial Park', kind: 'place', premium: true, cityZh: '苏州', cityEn: 'Suzhou', introZh: '中新合作旗舰项目，生物医药与纳米技术产业集群。', introEn: 'Flagship China–Singapore project with clusters in biomedicine and nanotechnology.', contentZh: '<p>园区设有海外人才创业基金与国际学校，提供一站式人才服务。</p>', contentEn: '<p>The park runs an overseas-talent venture fund and international schools, with one-stop talent services.</p>', website: 'https://sip.haijiao.demo', followers: 6020, sort: 3 },
  { key: 'zhongguancun', slug: 'zhongguancun', nameZh: '中关村海外人才创业园', nameEn: 'Zhongguancun Overseas Talent Park', kind: 'place', premium: true, cityZh: '北京', cityEn: 'Beijing', introZh: '中关村核心区的海归创业基地，链接高校院所与产业资本。', introEn: 'A returnee start-up base in the heart of Zhongguancun linking universities with industrial capital.', contentZh: '<p>累计孵化海归企业800余家，其中上市企业20家。</p>', contentEn: '<p>Has incubated more than 800 returnee companies, 20 of them now listed.</p>', website: 'https://zgc.haijiao.demo', followers: 9150, sort: 4 },
  { key: 'nansha', slug: 'nansha', nameZh: '广州南沙科学城', nameEn: 'Guangzhou Nansha Science City', kind: 'place', premium: false, cityZh: '广州', cityEn: 'Guangzhou', introZh: '粤港澳大湾区综合性国家科学中心的重要承载区。', introEn: 'A key site of the Greater Bay Area comprehensive national science centre.', contentZh: '<p>重点发展海洋科技、航空航天与信息技术。</p>', contentEn: '<p>Focuses on marine science, aerospace and information technology.</p>', website: 'https://nansha.haijiao.demo', followers: 2210, sort: 5 },
  { key: 'chengdu', slug: 'chengdu-tianfu', nameZh: '成都天府新区', nameEn: 'Chengdu Tianfu New Area', kind: 'place', premium: false, cityZh: '成都', cityEn: 'Chengdu', introZh: '西部创新高地，提供人才安居与科研项目配套。', introEn: "Western China's innovation hub with talent housing and research funding.", contentZh: '<p>设立“天府英才”计划，支持海外人才来蓉创新创业。</p>', contentEn: '<p>The Tianfu Talent plan supports overseas talent innovating and starting businesses in Chengdu.</p>', website: 'https://tianfu.haijiao.demo', followers: 1890, sort: 6 },
  { key: 'cssa', slug: 'cssa-alliance', nameZh: '全球留学生联合会', nameEn: 'Global Chinese Students Alliance', kind: 'organizer', premium: false, cityZh: '伦敦', cityEn: 'London', introZh: '联系全球百余所高校中国学生学者联合会的公益组织。', introEn: 'A non-profit connecting Chinese student and scholar associations at over a hundred universities.', contentZh: '<p>每年组织海外职业发展与回国交流活动百余场。</p>', contentEn: '<p>Organises over a hundred career and homecoming events abroad every year.</p>', website: 'https://cssa.haijiao.demo', followers: 4410, sort: 3 },
  { key: 'scholars', slug: 'young-scholars', nameZh: '青年学者发展协会', nameEn: 'Young Scholars Development Association', kind: 'organizer', premium: false, cityZh: '南京', cityEn: 'Nanjing', introZh: '服务海外青年学者归国任教与科研合作。', introEn: 'Helps young overseas scholars take up teaching posts and research collaborations in China.', contentZh: '<p>协会与国内80余所高校建立合作关系。</p>', contentEn: '<p>The association partners with more than 80 Chinese universities.</p>', website: 'https://scholars.haijiao.demo', followers: 3050, sort: 4 },
  { key: 'venture', slug: 'bay-venture', nameZh: '湾区创投联盟', nameEn: 'Bay Area Venture Alliance', kind: 'organizer', premium: false, cityZh: '深圳', cityEn: 'Shenzhen', introZh: '汇聚大湾区创投机构，关注硬科技与生命科学。', introEn: 'Venture firms of the Greater Bay Area investing in deep tech and life sciences.', contentZh: '<p>联盟成员管理资金规模逾千亿元。</p>', contentEn: '<p>Members manage more than CNY 100 billion.</p>', website: 'https://venture.haijiao.demo', followers: 2760, sort: 5 },
  { key: 'medical', slug: 'medical-talent', nameZh: '医学人才交流中心', nameEn: 'Medical Talent Exchange Centre', kind: 'organizer', premium: false, cityZh: '上海', cityEn: 'Shanghai', introZh: '促进海外医学人才与国内医院、药企的交流合作。', introEn: 'Connects overseas medical professionals with hospitals and pharmaceutical companies in China.', contentZh: '<p>合作医院与药企超过150家。</p>', contentEn: '<p>Works with more than 150 hospitals and pharmaceutical companies.</p>', website: 'https://medical.haijiao.demo', followers: 1980, sort: 6 },
]

export const ACTIVITY_CITIES: Array<{ zh: string; en: string; country: string; tz: number }> = [
  { zh: '北京', en: 'Beijing', country: 'CN', tz: 8 },
  { zh: '旧金山', en: 'San Francisco', country: 'US', tz: -8 },
  { zh: '伦敦', en: 'London', country: 'GB', tz: 0 },
  { zh: '悉尼', en: 'Sydney', country: 'AU', tz: 10 },
  { zh: '柏林', en: 'Berlin', country: 'DE', tz: 1 },
  { zh: '东京', en: 'Tokyo', country: 'JP', tz: 9 },
  { zh: '多伦多', en: 'Toronto', country: 'CA', tz: -5 },
  { zh: '新加坡', en: 'Singapore', country: 'SG', tz: 8 },
  { zh: '巴黎', en: 'Paris', country: 'FR', tz: 1 },
  { zh: '首尔', en: 'Seoul', country: 'KR', tz: 9 },
  { zh: '奥克兰', en: 'Auckland', country: 'NZ', tz: 12 },
  { zh: '上海', en: 'Shanghai', country: 'CN', tz: 8 },
  { zh: '波士顿', en: 'Boston', country: 'US', tz: -5 },
  { zh: '墨尔本', en: 'Melbourne', country: 'AU', tz: 10 },
  { zh: '温哥华', en: 'Vancouver', country: 'CA', tz: -8 },
  { zh: '深圳', en: 'Shenzhen', country: 'CN', tz: 8 },
  { zh: '阿姆斯特丹', en: 'Amsterdam', country: 'NL', tz: 1 },
]

export const VENUES = [
  { zh: '国际会议中心三楼报告厅', en: 'Auditorium, 3rd floor, International Conference Centre' },
  { zh: '大学学生活动中心多功能厅', en: 'Multi-purpose hall, University Student Centre' },
  { zh: '科技园创新大厦一层路演厅', en: 'Roadshow hall, Innovation Tower, Science Park' },
  { zh: '总领事馆教育处报告厅', en: 'Lecture hall, Education Office of the Consulate-General' },
  { zh: '希尔顿酒店宴会厅', en: 'Ballroom, Hilton Hotel' },
]

export const THEMES: Array<{
  slug: string
  zh: string
  en: string
  summaryZh: string
  summaryEn: string
  categories: string[]
  tagsZh: string[]
  tagsEn: string[]
  highlightsZh: string[]
  highlightsEn: string[]
}> = [
  { slug: 'ai-talent', zh: '人工智能人才交流会', en: 'AI Talent Exchange', summaryZh: '人工智能领域的海外学者与国内企业、园区面对面交流。', summaryEn: 'Overseas AI researchers meet Chinese companies and science parks.', categories: ['networking', 'recruitment'], tagsZh: ['人工智能', '人才交流'], tagsEn: ['AI', 'Networking'], highlightsZh: ['头部AI企业技术负责人分享', '园区人才政策现场解读', '一对一岗位对接'], highlightsEn: ['Talks by CTOs of leading AI companies', 'Live briefing on park talent policies', 'One-to-one job matching'] },
  { slug: 'biomed-forum', zh: '生物医药创新论坛', en: 'Biomedicine Innovation Forum', summaryZh: '聚焦创新药与医疗器械的产学研合作与成果转化。', summaryEn: 'Industry–academia cooperation and technology transfer in new drugs and medical devices.', categories: ['forum'], tagsZh: ['生物医药', '成果转化'], tagsEn: ['Biomedicine', 'Tech transfer'], highlightsZh: ['院士主旨演讲', '创新药企业圆桌', '临床资源对接'], highlightsEn: ['Keynote by an academician', 'Round table of innovative drug makers', 'Clinical resource matching'] },
  { slug: 'startup-roadshow', zh: '海归创业项目路演', en: 'Returnee Start-up Roadshow', summaryZh: '十个海归创业项目现场路演，投资人点评并对接资源。', summaryEn: 'Ten returnee start-ups pitch; investors give feedback and connect resources.', categories: ['roadshow', 'competition'], tagsZh: ['创业', '路演', '投融资'], tagsEn: ['Start-up', 'Roadshow', 'Investment'], highlightsZh: ['知名投资机构评审', '优胜项目获园区入驻资格', '路演视频全网发布'], highlightsEn: ['Judged by top investors', 'Winners get a place in the park', 'Pitch videos published online'] },
  { slug: 'policy-briefing', zh: '人才政策宣讲会', en: 'Talent Policy Briefing', summaryZh: '解读各地海外人才引进政策、落户与安居补贴。', summaryEn: 'Regional overseas-talent policies, residence and housing subsidies explained.', categories: ['policy_briefing'], tagsZh: ['人才政策', '落户'], tagsEn: ['Talent policy', 'Residence'], highlightsZh: ['人社部门官员现场答疑', '申报流程逐步讲解', '政策匹配工具演示'], highlightsEn: ['Officials answer questions live', 'Application steps walked through', 'Policy-match tool demo'] },
  { slug: 'career-salon', zh: '留学生职业发展沙龙', en: 'Career Salon for Overseas Graduates', summaryZh: '资深HR与海归前辈分享求职经验与职业规划。', summaryEn: 'Senior HR managers and returnees share job-hunting tips and career planning.', categories: ['salon', 'training'], tagsZh: ['职业发展', '求职'], tagsEn: ['Careers', 'Job hunting'], highlightsZh: ['简历现场诊断', '模拟面试', '校友经验分享'], highlightsEn: ['Live CV reviews', 'Mock interviews', 'Alumni stories'] },
  { slug: 'ic-summit', zh: '集成电路人才峰会', en: 'Integrated Circuits Talent Summit', summaryZh: '芯片设计与制造企业发布人才需求与合作计划。', summaryEn: 'Chip design and fab companies announce talent needs and partnerships.', categories: ['forum', 'recruitment'], tagsZh: ['集成电路', '芯片'], tagsEn: ['IC', 'Semiconductors'], highlightsZh: ['龙头企业专场招聘', '产业基金介绍', '技术沙龙'], highlightsEn: ['Recruitment by industry leaders', 'Industry fund presentations', 'Technical salon'] },
  { slug: 'new-energy', zh: '新能源产业对接会', en: 'New Energy Industry Matching', summaryZh: '光伏、储能与新能源汽车企业对接海外技术人才。', summaryEn: 'Solar, storage and EV companies meet overseas technical talent.', categories: ['networking', 'recruitment'], tagsZh: ['新能源', '储能'], tagsEn: ['New energy', 'Storage'], highlightsZh: ['企业技术需求发布', '联合实验室签约', '项目对接'], highlightsEn: ['Technical needs announced', 'Joint lab signings', 'Project matching'] },
  { slug: 'young-scholars', zh: '青年学者归国交流会', en: 'Young Scholars Homecoming Meetup', summaryZh: '高校与科研院所介绍青年人才计划与科研平台。', summaryEn: 'Universities and institutes present young-talent programmes and research platforms.', categories: ['networking', 'policy_briefing'], tagsZh: ['青年学者', '高校'], tagsEn: ['Young scholars', 'Universities'], highlightsZh: ['高校人事处长面对面', '科研启动经费说明', '实验室参观预约'], highlightsEn: ['Meet university HR directors', 'Research start-up funds explained', 'Lab visit booking'] },
  { slug: 'fintech', zh: '金融科技人才论坛', en: 'Fintech Talent Forum', summaryZh: '金融机构与金融科技公司分享海外人才发展路径。', summaryEn: 'Banks and fintech companies share career paths for overseas talent.', categories: ['forum'], tagsZh: ['金融科技', '金融'], tagsEn: ['Fintech', 'Finance'], highlightsZh: ['行业报告发布', '量化投资分享', '岗位推介'], highlightsEn: ['Industry report launch', 'Quant investing talk', 'Job presentations'] },
  { slug: 'entrepreneurship-camp', zh: '创业训练营', en: 'Entrepreneurship Boot Camp', summaryZh: '为期一天的创业实战课程，涵盖商业计划、融资与公司注册。', summaryEn: 'A one-day hands-on course: business plans, fundraising and company registration.', categories: ['training'], tagsZh: ['创业', '培训'], tagsEn: ['Start-up', 'Training'], highlightsZh: ['导师一对一辅导', 'BP撰写工作坊', '工商注册指引'], highlightsEn: ['One-to-one mentoring', 'Business-plan workshop', 'Company registration guide'] },
  { slug: 'manufacturing', zh: '智能制造人才对接会', en: 'Smart Manufacturing Talent Matching', summaryZh: '智能制造企业与海外工程师面对面。', summaryEn: 'Smart-manufacturing companies meet overseas-trained engineers.', categories: ['recruitment', 'networking'], tagsZh: ['智能制造', '工程师'], tagsEn: ['Smart manufacturing', 'Engineers'], highlightsZh: ['工厂线上参观', '技术岗位专场', '薪酬福利说明'], highlightsEn: ['Virtual factory tour', 'Technical job session', 'Pay and benefits explained'] },
]

export const GENERATED_ACTIVITY_COUNT = 50

export interface ActivityPlan {
  type?: 'online' | 'offline' | 'both'
  dayOffset?: number
  hours?: number
  hot?: boolean
  full?: boolean
  notOpen?: boolean
  deadlinePassed?: boolean
  deadlineEqualEnd?: boolean
  signUpOnce?: boolean
  needProcess?: boolean
  /** an enrolment of user@haijiao.demo */
  demo?: 'approved' | 'pending' | 'rejected'
}

/** Deterministic enrolment situations for the first activities; the rest vary by index and PRNG. */
export function activityPlan(i: number): ActivityPlan {
  const fixed: Record<number, ActivityPlan> = {
    0: { dayOffset: 6, hot: true, demo: 'approved' },
    1: { dayOffset: 12, needProcess: true, demo: 'approved' },
    2: { dayOffset: 18, demo: 'approved' },
    3: { dayOffset: 9, needProcess: true, demo: 'pending' },
    4: { dayOffset: 15, signUpOnce: false, needProcess: true, demo: 'rejected' },
    5: { dayOffset: 21, needProcess: true, demo: 'rejected' },
    6: { dayOffset: -10, demo: 'approved' },
    7: { dayOffset: 25, full: true, hot: true },
    8: { dayOffset: 11, deadlinePassed: true },
    9: { dayOffset: 30, notOpen: true },
    10: { dayOffset: 40, deadlineEqualEnd: true, signUpOnce: false },
    11: { dayOffset: -2, hours: 96, hot: true },
    12: { dayOffset: -2, hours: 96 },
    13: { dayOffset: -2, hours: 120, type: 'online' },
  }
  if (fixed[i]) return fixed[i]
  return {
    hot: i % 6 === 0,
    full: i % 11 === 0,
    needProcess: i % 5 === 2,
    signUpOnce: i % 4 !== 1,
    deadlineEqualEnd: i % 7 === 3,
  }
}

/** Opening paragraph of a generated activity's details: who it is for and how the day runs — not the summary. */
export function activityLeadZh(theme: { zh: string; tagsZh: string[] }, city: string): string {
  return `本场${theme.zh}由海交平台联合${city}当地合作机构举办，面向关注${theme.tagsZh.join('、')}方向的海外学子、青年学者与行业人才。活动分为主题分享、交流对接两个环节，现场设有政策咨询台。`
}
export function activityLeadEn(theme: { en: string; tagsEn: string[] }, city: string): string {
  return `This ${theme.en} is run by Haijiao with local partners in ${city}, for overseas students, young scholars and professionals interested in ${theme.tagsEn.join(', ').toLowerCase()}. The programme has talks followed by networking, with a policy desk open throughout.`
}

/** The body of an article: it never repeats the summary (the detail pages show that above the body). */
export function articleZh(title: string, _summary: string): string {
  return `<h3>背景</h3><p>近年来，越来越多的海外留学人员选择回国发展。围绕“${title}”，我们整理了最新进展、典型案例与实用建议，帮助海外人才把握机遇。</p><h3>要点</h3><ul><li>政策支持力度持续加大，覆盖落户、住房、子女教育与创业资助。</li><li>重点产业对高层次人才需求旺盛，人工智能、生物医药、集成电路尤为突出。</li><li>线上线下服务渠道更加便捷，可通过海交平台一站式办理咨询与报名。</li></ul><p>如需进一步了解，请关注海交平台的活动与政策栏目。</p>`
}
export function articleEn(title: string, _summary: string): string {
  return `<h3>Background</h3><p>More and more graduates who studied abroad are choosing to build their careers in China. On ${title}, we have gathered the latest developments, typical cases and practical advice.</p><h3>Key points</h3><ul><li>Policy support keeps growing: residence, housing, schooling and start-up grants.</li><li>Strategic industries need high-level talent, above all AI, biomedicine and integrated circuits.</li><li>Online and offline services are easier to reach; Haijiao handles enquiries and enrolment in one place.</li></ul><p>Follow the activity and policy sections of Haijiao to learn more.</p>`
}

type Bi = { titleZh: string; titleEn: string; summaryZh: string; summaryEn: string; slug: string; tagsZh: string[]; tagsEn: string[] }

export const TOPICS: Bi[] = [
  { slug: 'startup-support', titleZh: '海外人才回国创业扶持', titleEn: 'Start-up Support for Returnees', summaryZh: '从注册到融资，一文看懂各地海归创业扶持政策与孵化资源。', summaryEn: 'From registration to funding: start-up support and incubators for returnees across China.', tagsZh: ['创业', '扶持政策'], tagsEn: ['Start-up', 'Support'] },
  { slug: 'young-scientists', titleZh: '青年科学家计划', titleEn: 'Young Scientists Programme', summaryZh: '面向40岁以下海外青年科学家的国家与地方人才项目汇总。', summaryEn: 'National and regional programmes for overseas young scientists under 40.', tagsZh: ['青年人才', '科研'], tagsEn: ['Young talent', 'Research'] },
  { slug: 'ai-careers', titleZh: '人工智能人才发展专题', titleEn: 'Careers in Artificial Intelligence', summaryZh: '大模型时代的人才需求、薪酬趋势与城市选择。', summaryEn: 'Talent demand, pay trends and city choices in the era of large models.', tagsZh: ['人工智能', '职业发展'], tagsEn: ['AI', 'Careers'] },
  { slug: 'biomed-hubs', titleZh: '生物医药产业高地巡礼', titleEn: 'Tour of Biomedicine Hubs', summaryZh: '苏州、上海张江、深圳坪山等生物医药集聚区全景介绍。', summaryEn: 'Suzhou, Shanghai Zhangjiang, Shenzhen Pingshan and other biomedicine clusters.', tagsZh: ['生物医药', '园区'], tagsEn: ['Biomedicine', 'Parks'] },
  { slug: 'residence-guide', titleZh: '留学生落户全攻略', titleEn: 'Residence Registration Guide for Graduates', summaryZh: '北上广深杭等城市留学回国人员落户条件与办理流程。', summaryEn: 'Residence conditions and procedures in Beijing, Shanghai, Guangzhou, Shenzhen and Hangzhou.', tagsZh: ['落户', '攻略'], tagsEn: ['Residence', 'Guide'] },
  { slug: 'greater-bay', titleZh: '粤港澳大湾区人才机遇', titleEn: 'Opportunities in the Greater Bay Area', summaryZh: '大湾区九市二区的人才政策、产业布局与生活配套。', summaryEn: 'Talent policies, industries and living in the nine cities and two SARs of the Greater Bay Area.', tagsZh: ['大湾区', '人才政策'], tagsEn: ['Greater Bay Area', 'Policy'] },
  { slug: 'chip-talent', titleZh: '芯片人才专题', titleEn: 'Semiconductor Talent', summaryZh: '集成电路产业链上的关键岗位与海外人才引进案例。', summaryEn: 'Key positions along the IC value chain and overseas hiring stories.', tagsZh: ['集成电路', '芯片'], tagsEn: ['IC', 'Chips'] },
  { slug: 'green-energy', titleZh: '双碳目标下的新能源人才', titleEn: 'New Energy Talent for Carbon Neutrality', summaryZh: '光伏、储能、氢能领域的人才需求与创业方向。', summaryEn: 'Talent demand and start-up directions in solar, storage and hydrogen.', tagsZh: ['新能源', '双碳'], tagsEn: ['New energy', 'Carbon neutral'] },
  { slug: 'university-jobs', titleZh: '高校教职申请指南', titleEn: 'Applying for University Posts', summaryZh: '从海外博士后到国内高校教职：准备材料、面试与谈判。', summaryEn: 'From postdoc abroad to a faculty post in China: documents, interviews and negotiation.', tagsZh: ['高校', '教职'], tagsEn: ['Universities', 'Faculty'] },
  { slug: 'fintech-talent', titleZh: '金融科技人才地图', titleEn: 'Fintech Talent Map', summaryZh: '上海、深圳、北京金融科技人才需求与政策比较。', summaryEn: 'Fintech talent demand and policies compared in Shanghai, Shenzhen and Beijing.', tagsZh: ['金融科技'], tagsEn: ['Fintech'] },
  { slug: 'returnee-stories', titleZh: '海归创业者故事', titleEn: 'Returnee Founder Stories', summaryZh: '十位海归创业者讲述回国创业的选择、挑战与收获。', summaryEn: 'Ten returnee founders on their choices, challenges and rewards.', tagsZh: ['创业故事'], tagsEn: ['Founder stories'] },
  { slug: 'housing', titleZh: '人才安居政策汇编', titleEn: 'Talent Housing Policies', summaryZh: '人才公寓、购房补贴与租房补贴政策汇编。', summaryEn: 'Talent apartments, purchase subsidies and rent allowances in one place.', tagsZh: ['安居', '住房'], tagsEn: ['Housing'] },
  { slug: 'kids-education', titleZh: '人才子女教育保障', titleEn: "Schooling for Talent's Children", summaryZh: '国际学校、公办学校入学与人才子女教育支持。', summaryEn: 'International and public schools, and education support for children of talent.', tagsZh: ['子女教育'], tagsEn: ['Education'] },
  { slug: 'tech-transfer', titleZh: '科技成果转化专题', titleEn: 'Technology Transfer', summaryZh: '专利作价入股、概念验证中心与转化收益分配。', summaryEn: 'Patent equity, proof-of-concept centres and sharing transfer income.', tagsZh: ['成果转化'], tagsEn: ['Tech transfer'] },
  { slug: 'yangtze-delta', titleZh: '长三角一体化人才政策', titleEn: 'Yangtze River Delta Talent Integration', summaryZh: '沪苏浙皖人才互认与公共服务共享。', summaryEn: 'Mutual recognition of talent and shared public services across Shanghai, Jiangsu, Zhejiang and Anhui.', tagsZh: ['长三角'], tagsEn: ['Yangtze Delta'] },
  { slug: 'western-china', titleZh: '西部城市人才新机遇', titleEn: 'New Opportunities in Western China', summaryZh: '成都、重庆、西安的产业发展与人才引进。', summaryEn: "Industry and talent attraction in Chengdu, Chongqing and Xi'an.", tagsZh: ['西部', '城市'], tagsEn: ['Western China', 'Cities'] },
  { slug: 'medical-talent', titleZh: '海外医学人才回国执业', titleEn: 'Practising Medicine after Returning', summaryZh: '执业资格认定、医院引才与科研支持。', summaryEn: 'Licence recognition, hospital hiring and research support.', tagsZh: ['医学', '执业'], tagsEn: ['Medicine', 'Licensing'] },
  { slug: 'digital-economy', titleZh: '数字经济人才专题', titleEn: 'Digital Economy Talent', summaryZh: '平台经济、工业互联网与数据要素领域人才需求。', summaryEn: 'Talent demand in platforms, industrial internet and data markets.', tagsZh: ['数字经济'], tagsEn: ['Digital economy'] },
  { slug: 'job-fair-season', titleZh: '春季海归招聘季', titleEn: 'Spring Returnee Hiring Season', summaryZh: '春季各地海归专场招聘会日程与参会指南。', summaryEn: 'Dates and guides for spring returnee job fairs across China.', tagsZh: ['招聘', '招聘会'], tagsEn: ['Hiring', 'Job fairs'] },
  { slug: 'overseas-stations', titleZh: '海外人才工作站巡礼', titleEn: 'Overseas Talent Stations', summaryZh: '各地在海外设立的人才工作站及其服务内容。', summaryEn: 'Overseas talent stations set up by Chinese cities and what they offer.', tagsZh: ['海外工作站'], tagsEn: ['Overseas stations'] },
  { slug: 'women-in-science', titleZh: '女性科研人才支持计划', titleEn: 'Support for Women in Science', summaryZh: '面向女性科研人员的专项资助与弹性政策。', summaryEn: 'Dedicated grants and flexible policies for women researchers.', tagsZh: ['女性科研'], tagsEn: ['Women in science'] },
  { slug: 'agritech', titleZh: '现代农业科技人才', titleEn: 'Agritech Talent', summaryZh: '种业、智慧农业与乡村振兴中的人才机会。', summaryEn: 'Talent opportunities in seeds, smart farming and rural revitalisation.', tagsZh: ['现代农业'], tagsEn: ['Agritech'] },
]

export const EXTRA_HOT_SEARCH = [
  { module: 'topic' as const, titleZh: '人工智能人才发展专题', title: '人工智能人才发展专题 Careers in Artificial Intelligence', sort: 3 },
  { module: 'policy' as const, titleZh: '杭州市海外高层次人才创业资助', title: '杭州市海外高层次人才创业资助 Hangzhou start-up grants', sort: 3 },
]

export const INFORMATION: Array<Bi & { category: string; sourceZh: string; sourceEn: string }> = [
  ['talent-report', '2026年海归就业力调查报告发布', 'Returnee Employability Report 2026 Released', '报告显示，超过六成海归在回国一年内找到满意工作，人工智能与新能源岗位需求最旺。', 'Over 60% of returnees find a satisfying job within a year; AI and new-energy roles are in highest demand.', 'news'],
  ['residence-new', '多地优化留学回国人员落户流程', 'Cities Simplify Residence Registration for Returnees', '上海、深圳等地实现落户申请全程网办，办理时限压缩至15个工作日。', 'Shanghai, Shenzhen and others now handle residence applications fully online within 15 working days.', 'policy_reading'],
  ['ai-salary', '人工智能岗位薪酬趋势分析', 'Salary Trends in AI Jobs', '大模型算法工程师平均年薪突破60万元，海外博士溢价明显。', 'Large-model engineers now average over CNY 600k a year, with a clear premium for overseas PhDs.', 'career'],
  ['founder-chip', '从硅谷到张江：一位芯片创业者的十年', 'From Silicon Valley to Zhangjiang: a Chip Founder’s Decade', '海归博士李明回国创办芯片设计公司，十年间完成五轮融资。', 'Dr Li Ming returned to found a chip-design company and closed five funding rounds in ten years.', 'startup'],
  ['visa-r', '外籍高层次人才R字签证办理指南', 'Guide to the R Visa for Foreign High-level Talent', 'R字签证申请条件、材料清单与办理时限一览。', 'Who qualifies for the R visa, which documents are needed and how long it takes.', 'policy_reading'],
  ['phd-market', '海外博士回国求职季观察', 'Overseas PhDs on the Chinese Job Market', '高校与新型研发机构成为海外博士的主要去向。', 'Universities and new R&D institutes are the main destinations of overseas PhDs.', 'career'],
  ['greater-bay-news', '大湾区发布新一轮人才引进计划', 'Greater Bay Area Launches New Talent Plan', '新计划覆盖住房、医疗与子女教育，最高奖励500万元。', 'The plan covers housing, healthcare and schooling, with awards of up to CNY 5 million.', 'news'],
  ['study-uk', '英国一年制硕士回国认可度解读', 'How One-year UK Master’s Degrees Are Recognised', '教育部留学服务中心学历认证要点与常见问题。', 'Key points and FAQs of degree verification by the CSCSE.', 'study_abroad'],
  ['biotech-founder', '生物医药创业者的融资之路', 'Fundraising Journey of a Biotech Founder', '从天使轮到B轮，创新药企业如何讲好技术故事。', 'From angel to Series B: how a new-drug start-up told its technology story.', 'startup'],
  ['employer-survey', '企业最看重海归的哪些能力', 'What Employers Value in Returnees', '跨文化沟通与国际视野位列前二，专业深度紧随其后。', 'Cross-cultural communication and a global outlook top the list, followed by expertise.', 'career'],
  ['hangzhou-grants', '杭州加码海外人才创业资助', 'Hangzhou Raises Start-up Grants for Overseas Talent', '顶尖人才项目最高可获1亿元综合资助。', 'Top-tier projects can receive up to CNY 100 million in combined support.', 'news'],
  ['australia-study', '澳洲留学生回国就业指南', 'Career Guide for Graduates from Australia', '澳洲毕业生回国求职的时间安排与准备要点。', 'Timing and preparation for Australian graduates seeking jobs in China.', 'study_abroad'],
  ['policy-tax', '海外人才个人所得税优惠政策解读', 'Income Tax Incentives for Overseas Talent', '大湾区、海南自贸港个税优惠的适用条件。', 'Conditions of income-tax incentives in the Greater Bay Area and Hainan Free Trade Port.', 'policy_reading'],
  ['women-founders', '她力量：海归女性创业者群像', 'She Leads: Returnee Women Founders', '五位女性海归创业者分享创业心得。', 'Five returnee women founders share what they learned.', 'startup'],
  ['germany-engineers', '德国留学工程师回国发展现状', 'German-trained Engineers Returning to China', '智能制造企业对德国背景工程师需求持续上升。', 'Demand from smart-manufacturing firms for German-trained engineers keeps rising.', 'career'],
  ['expo-2026', '第二十届海外人才交流大会圆满落幕', '20th Overseas Talent Exchange Conference Closes', '大会吸引来自40个国家的3000余名海外人才参会。', 'More than 3,000 professionals from 40 countries attended.', 'news'],
  ['japan-study', '日本留学回国人员发展报告', 'Report on Returnees from Japan', '材料、机械与动漫设计成为日本留学回国人员主要就业方向。', 'Materials, machinery and animation design lead the careers of returnees from Japan.', 'study_abroad'],
  ['postdoc', '博士后进站政策与待遇盘点', 'Postdoctoral Positions: Policies and Pay', '各地博士后资助标准与出站留用政策。', 'Postdoctoral funding by region and retention after the post.', 'policy_reading'],
  ['remote-work', '远程办公时代的海外人才新选择', 'New Choices for Overseas Talent in the Remote-work Era', '“海外研发+国内落地”模式受到青睐。', '“R&D abroad, delivery in China” is gaining popularity.', 'career'],
  ['incubator-rank', '2026年度优秀海归孵化器榜单', 'Top Returnee Incubators 2026', '二十家孵化器入选，覆盖硬科技与生命科学。', 'Twenty incubators listed, covering deep tech and life sciences.', 'news'],
  ['canada-study', '加拿大留学生回国求职季', 'Job Season for Graduates from Canada', '加拿大毕业生在金融与互联网领域表现突出。', 'Canadian graduates stand out in finance and internet companies.', 'study_abroad'],
  ['robotics-founder', '机器人创业团队的海归基因', 'The Returnee DNA of a Robotics Start-up', '核心团队来自海外名校，两年实现量产。', 'A core team from top universities abroad reached mass production in two years.', 'startup'],
  ['talent-card', '人才绿卡服务升级', 'Talent Green Card Services Upgraded', '持卡人可享医疗、出行与子女入学等便利服务。', 'Card holders enjoy healthcare, travel and school-admission conveniences.', 'policy_reading'],
  ['summer-intern', '海外学子暑期实习计划启动', 'Summer Internship Programme for Overseas Students', '百家企业提供暑期实习岗位，线上即可申请。', 'A hundred companies offer summer internships; apply online.', 'news'],
].map(([slug, titleZh, titleEn, summaryZh, summaryEn, category], i) => ({
  slug,
  titleZh,
  titleEn,
  summaryZh,
  summaryEn,
  category,
  tagsZh: [['新闻', '人才'], ['政策'], ['职场'], ['创业'], ['留学']][['news', 'policy_reading', 'career', 'startup', 'study_abroad'].indexOf(category)] ?? [],
  tagsEn: [['News', 'Talent'], ['Policy'], ['Careers'], ['Start-up'], ['Study abroad']][['news', 'policy_reading', 'career', 'startup', 'study_abroad'].indexOf(category)] ?? [],
  sourceZh: ['海交编辑部', '人民日报海外版', '中国留学网', '科技日报'][i % 4],
  sourceEn: ['Haijiao Editors', "People's Daily Overseas", 'CSCSE', 'Science and Technology Daily'][i % 4],
}))

export interface RuleSeed {
  degree?: 'bachelor' | 'master' | 'doctor'
  minAge?: number
  maxAge?: number
  minOverseasYears?: number
  maxReturnYears?: number
  cities?: string[]
  titles?: string[]
  platformNatures?: string[]
  professionalFields?: string[]
  foreignDescent?: 'any' | 'chinese_only' | 'foreign_descent_allowed'
}
export interface PolicySeed {
  titleZh: string
  titleEn: string
  summaryZh: string
  summaryEn: string
  level: 'national' | 'provincial' | 'municipal' | 'district'
  cityZh: string
  cityEn: string
  issuerZh: string
  issuerEn: string
  category: string
  rules: RuleSeed[]
}

const P = (
  titleZh: string,
  titleEn: string,
  summaryZh: string,
  summaryEn: string,
  level: PolicySeed['level'],
  city: [string, string],
  issuer: [string, string],
  category: string,
  rules: RuleSeed[],
): PolicySeed => ({ titleZh, titleEn, summaryZh, summaryEn, level, cityZh: city[0], cityEn: city[1], issuerZh: issuer[0], issuerEn: issuer[1], category, rules })

const SH: [string, string] = ['上海', 'Shanghai']
const SZ: [string, string] = ['深圳', 'Shenzhen']
const BJ: [string, string] = ['北京', 'Beijing']
const HZ: [string, string] = ['杭州', 'Hangzhou']
const NAT: [string, string] = ['全国', 'Nationwide']
const HRSS: [string, string] = ['人力资源和社会保障局', 'Human Resources and Social Security Bureau']
const SCI: [string, string] = ['科学技术局', 'Science and Technology Bureau']

export const POLICIES: PolicySeed[] = [
  P('上海留学人员落户政策', 'Shanghai Residence Policy for Overseas Graduates', '世界排名前50高校毕业生可直接落户，其他高校毕业生需在沪工作缴纳社保。', 'Graduates of the world top 50 may register directly; others after working and paying social insurance in Shanghai.', 'municipal', SH, HRSS, 'settlement', [{ degree: 'master', maxReturnYears: 2, cities: ['shanghai'], foreignDescent: 'chinese_only' }, { degree: 'doctor', cities: ['shanghai'] }]),
  P('深圳高层次人才认定', 'Shenzhen High-level Talent Recognition', '按国家级、地方级与后备级认定高层次人才，给予160万至300万元奖励补贴。', 'Talent is recognised at national, local and reserve level, with awards of CNY 1.6–3 million.', 'municipal', SZ, HRSS, 'talent_programme', [{ degree: 'doctor', maxAge: 55, minOverseasYears: 3, cities: ['shenzhen'] }]),
  P('北京市海外高层次人才引进计划', 'Beijing Overseas High-level Talent Programme', '面向在海外取得博士学位并有三年以上工作经历的人才。', 'For talent with a doctorate from abroad and at least three years of work experience.', 'municipal', BJ, SCI, 'talent_programme', [{ degree: 'doctor', maxAge: 55, minOverseasYears: 3, cities: ['beijing'], titles: ['deputy_senior', 'senior'] }]),
  P('杭州市海外高层次人才创业资助', 'Hangzhou Start-up Grants for Overseas Talent', '创业项目最高可获500万元资助及三年免租办公场地。', 'Projects can receive up to CNY 5 million and three years of rent-free offices.', 'municipal', HZ, SCI, 'startup', [{ degree: 'master', maxAge: 45, minOverseasYears: 1, cities: ['hangzhou'], platformNatures: ['enterprise', 'incubator'] }]),
  P('国家青年人才计划', 'National Young Talent Programme', '支持40岁以下海外优秀青年科技人才全职回国工作。', 'Supports outstanding young researchers under 40 returning to work full time.', 'national', NAT, ['科学技术部', 'Ministry of Science and Technology'], 'talent_programme', [{ degree: 'doctor', maxAge: 40, minOverseasYears: 3, platformNatures: ['university', 'research_institute'], foreignDescent: 'foreign_descent_allowed' }]),
  P('留学人员回国创业启动支持计划', 'Start-up Launch Support for Returnees', '对留学回国人员创办的企业给予启动资金支持。', 'Launch funding for companies founded by returnees.', 'national', NAT, ['人力资源和社会保障部', 'Ministry of Human Resources and Social Security'], 'startup', [{ degree: 'master', minOverseasYears: 1, maxReturnYears: 5, platformNatures: ['enterprise', 'incubator'] }]),
  P('深圳市新引进人才租房和生活补贴', 'Shenzhen Rent and Living Allowance for New Talent', '新引进硕士、博士分别给予2.5万元、3万元补贴。', 'Newly arrived master’s and doctoral graduates get CNY 25,000 and 30,000.', 'municipal', SZ, HRSS, 'housing', [{ degree: 'master', maxAge: 35, maxReturnYears: 1, cities: ['shenzhen'] }]),
  P('上海市人才公寓申请办法', 'Shanghai Talent Apartment Scheme', '符合条件的人才可申请租金优惠的人才公寓。', 'Eligible talent may rent talent apartments at reduced rent.', 'municipal', SH, ['住房和城乡建设管理委员会', 'Housing and Urban-Rural Development Commission'], 'housing', [{ degree: 'bachelor', maxAge: 40, maxReturnYears: 3, cities: ['shanghai'] }]),
  P('苏州工业园区科技领军人才计划', 'Suzhou Industrial Park Tech Leaders', '对领军人才创业项目给予最高1000万元支持。', 'Up to CNY 10 million for start-ups of tech leaders.', 'district', ['苏州', 'Suzhou'], ['苏州工业园区管委会', 'SIP Administrative Committee'], 'startup', [{ degree: 'doctor', maxAge: 50, minOverseasYears: 2, cities: ['suzhou'], professionalFields: ['biomed', 'new_materials', 'ai'] }]),
  P('广州市高层次人才服务保障', 'Guangzhou High-level Talent Services', '为高层次人才提供医疗、子女入学与配偶就业服务。', 'Healthcare, schooling and spouse employment services for high-level talent.', 'municipal', ['广州', 'Guangzhou'], HRSS, 'talent_programme', [{ degree: 'doctor', titles: ['deputy_senior', 'senior'], cities: ['guangzhou'] }]),
  P('南京市紫金山英才计划', 'Nanjing Zijinshan Talent Plan', '支持海外人才来宁创新创业，最高资助300万元。', 'Up to CNY 3 million for overseas talent innovating in Nanjing.', 'municipal', ['南京', 'Nanjing'], SCI, 'funding', [{ degree: 'master', maxAge: 45, minOverseasYears: 2, cities: ['nanjing'] }]),
  P('成都市蓉漂人才计划', 'Chengdu Talent Plan', '对来蓉创新创业的海外人才给予资金与安居支持。', 'Funding and housing for overseas talent in Chengdu.', 'municipal', ['成都', 'Chengdu'], HRSS, 'funding', [{ degree: 'bachelor', maxAge: 45, cities: ['chengdu'] }]),
  P('武汉市留学人员创业园入驻扶持', 'Wuhan Returnee Park Support', '入驻留学人员创业园的企业享受三年房租减免。', 'Three years of rent relief for companies in the returnee park.', 'municipal', ['武汉', 'Wuhan'], HRSS, 'startup', [{ degree: 'bachelor', minOverseasYears: 1, maxReturnYears: 3, cities: ['wuhan'], platformNatures: ['incubator', 'enterprise'] }]),
  P('合肥市集成电路人才专项', 'Hefei Integrated Circuits Talent Scheme', '面向集成电路领域人才给予安家补贴与项目资助。', 'Relocation allowances and project funding for IC talent.', 'municipal', ['合肥', 'Hefei'], SCI, 'funding', [{ degree: 'master', maxAge: 45, cities: ['hefei'], professionalFields: ['ic'] }]),
  P('西安市博士后创新基地资助', "Xi'an Postdoctoral Innovation Grants", '对进站博士后给予每人每年10万元生活补贴。', 'CNY 100,000 a year living allowance for each postdoc.', 'municipal', ['西安', "Xi'an"], HRSS, 'funding', [{ degree: 'doctor', maxAge: 35, cities: ['xian'], platformNatures: ['university', 'research_institute'] }]),
  P('厦门市海外人才医疗保障', 'Xiamen Healthcare for Overseas Talent', '高层次人才享受绿色就医通道与年度体检。', 'Priority healthcare and annual check-ups for high-level talent.', 'municipal', ['厦门', 'Xiamen'], HRSS, 'talent_programme', [{ degree: 'master', titles: ['intermediate', 'deputy_senior', 'senior'], cities: ['xiamen'] }]),
  P('外籍人才工作许可便利化措施', 'Work Permit Facilitation for Foreign Talent', '外籍高端人才工作许可实行“告知+承诺”审批。', 'Work permits for high-end foreign talent by notification and commitment.', 'national', NAT, ['国家外国专家局', 'State Administration of Foreign Experts Affairs'], 'settlement', [{ degree: 'master', minOverseasYears: 2, foreignDescent: 'foreign_descent_allowed' }]),
  P('海外医学人才引进专项', 'Overseas Medical Talent Scheme', '三甲医院引进海外医学人才，给予科研启动经费。', 'Top hospitals hire overseas medical talent with research start-up funds.', 'provincial', ['广东', 'Guangdong'], ['卫生健康委员会', 'Health Commission'], 'talent_programme', [{ degree: 'doctor', maxAge: 50, minOverseasYears: 2, platformNatures: ['hospital'], professionalFields: ['biomed'] }]),
  P('浙江省万人计划青年拔尖人才', 'Zhejiang Top Young Talent', '支持35岁以下青年拔尖人才开展科研创新。', 'Supports top young researchers under 35.', 'provincial', ['浙江', 'Zhejiang'], ['组织部', 'Organisation Department'], 'talent_programme', [{ degree: 'doctor', maxAge: 35, minOverseasYears: 1 }]),
  P('深圳前海港澳及海外人才个税补贴', 'Qianhai Income Tax Subsidy', '个人所得税税负超过15%的部分给予补贴。', 'Income tax above a 15% burden is refunded.', 'district', SZ, ['前海管理局', 'Qianhai Authority'], 'funding', [{ minAge: 22, platformNatures: ['enterprise', 'state_owned', 'incubator'], cities: ['shenzhen'], foreignDescent: 'foreign_descent_allowed' }]),
  P('北京市留学人员子女入学服务', 'Beijing Schooling for Returnees’ Children', '留学回国人员子女可按规定就近入学或入读国际学校。', 'Children of returnees may attend nearby public schools or international schools.', 'municipal', BJ, ['教育委员会', 'Education Commission'], 'talent_programme', [{ degree: 'master', maxReturnYears: 5, cities: ['beijing'] }]),
  P('上海市海外高层次人才购房支持', 'Shanghai Home Purchase Support', '高层次人才购房可放宽社保缴纳年限限制。', 'High-level talent may buy homes with relaxed social-insurance requirements.', 'municipal', SH, ['住房和城乡建设管理委员会', 'Housing and Urban-Rural Development Commission'], 'housing', [{ degree: 'doctor', minAge: 28, maxAge: 60, minOverseasYears: 3, cities: ['shanghai'], titles: ['deputy_senior', 'senior'], foreignDescent: 'chinese_only' }]),
  P('现代农业科技人才下乡计划', 'Agritech Talent for Rural Areas', '支持农业科技人才服务乡村振兴，给予项目经费。', 'Project funding for agritech talent serving rural revitalisation.', 'national', NAT, ['农业农村部', 'Ministry of Agriculture and Rural Affairs'], 'funding', [{ degree: 'bachelor', maxAge: 50, professionalFields: ['agriculture'] }]),
]

export function policyZh(p: PolicySeed): string {
  return `<h3>适用对象</h3><p>本政策由${p.cityZh}${p.issuerZh}发布，适用于符合条件的海外留学回国人员及外籍人才。</p><h3>申报方式</h3><ol><li>登录海交平台完成政策匹配；</li><li>准备学历认证、工作证明等材料；</li><li>向主管部门提交申请并等待审核。</li></ol>`
}
export function policyEn(p: PolicySeed): string {
  return `<h3>Who is eligible</h3><p>Issued by the ${p.issuerEn} (${p.cityEn}); applies to eligible returnees and foreign talent.</p><h3>How to apply</h3><ol><li>Run the policy match on Haijiao;</li><li>prepare degree verification and proof of employment;</li><li>submit the application to the competent authority and await review.</li></ol>`
}

export const PLATFORMS: Array<{ slug: string; nameZh: string; nameEn: string; nature: string; cityZh: string; cityEn: string; introZh: string; introEn: string }> = [
  { slug: 'zju', nameZh: '浙江大学', nameEn: 'Zhejiang University', nature: 'university', cityZh: '杭州', cityEn: 'Hangzhou', introZh: '综合性研究型大学，面向全球招聘优秀青年学者。', introEn: 'A comprehensive research university recruiting outstanding young scholars worldwide.' },
  { slug: 'sjtu', nameZh: '上海交通大学', nameEn: 'Shanghai Jiao Tong University', nature: 'university', cityZh: '上海', cityEn: 'Shanghai', introZh: '理工医特色鲜明的研究型大学。', introEn: 'A research university strong in engineering, science and medicine.' },
  { slug: 'sustech', nameZh: '南方科技大学', nameEn: 'Southern University of Science and Technology', nature: 'university', cityZh: '深圳', cityEn: 'Shenzhen', introZh: '新型研究型大学，实行国际化教职体系。', introEn: 'A new research university with an international tenure system.' },
  { slug: 'cas-ai', nameZh: '中科院人工智能研究所', nameEn: 'CAS Institute of Artificial Intelligence', nature: 'research_institute', cityZh: '北京', cityEn: 'Beijing', introZh: '聚焦人工智能基础理论与关键技术。', introEn: 'Fundamental theory and key technologies of AI.' },
  { slug: 'bgi-lab', nameZh: '深圳湾实验室', nameEn: 'Shenzhen Bay Laboratory', nature: 'research_institute', cityZh: '深圳', cityEn: 'Shenzhen', introZh: '生命科学领域的新型研发机构。', introEn: 'A new R&D institution in the life sciences.' },
  { slug: 'xinchip', nameZh: '芯原微电子', nameEn: 'XinChip Microelectronics', nature: 'enterprise', cityZh: '上海', cityEn: 'Shanghai', introZh: '芯片设计服务与IP授权企业。', introEn: 'Chip design services and IP licensing.' },
  { slug: 'greenpower', nameZh: '绿能储能科技', nameEn: 'GreenPower Storage Technology', nature: 'enterprise', cityZh: '合肥', cityEn: 'Hefei', introZh: '储能系统与电池管理解决方案供应商。', introEn: 'Energy-storage systems and battery management solutions.' },
  { slug: 'state-grid-lab', nameZh: '国投智能研究院', nameEn: 'SDIC Intelligence Institute', nature: 'state_owned', cityZh: '北京', cityEn: 'Beijing', introZh: '国有资本投资的智能化转型研究院。', introEn: 'A state-funded institute for intelligent transformation.' },
  { slug: 'ruijin', nameZh: '瑞金医院', nameEn: 'Ruijin Hospital', nature: 'hospital', cityZh: '上海', cityEn: 'Shanghai', introZh: '综合性三级甲等医院，重视临床研究。', introEn: 'A top-grade general hospital with strong clinical research.' },
]

type JobSeed = { titleZh: string; titleEn: string; salaryZh: string; salaryEn: string; degree: 'bachelor' | 'master' | 'doctor' | null; descriptionZh: string; descriptionEn: string }
export const COLLEGE_JOBS: JobSeed[] = [
  { titleZh: '助理教授（长聘轨）', titleEn: 'Assistant Professor (tenure track)', salaryZh: '年薪40-60万元', salaryEn: 'CNY 400k–600k / year', degree: 'doctor', descriptionZh: '开展独立科研并承担本科与研究生教学，提供科研启动经费与安家费。', descriptionEn: 'Independent research and teaching; research start-up funds and relocation allowance provided.' },
  { titleZh: '博士后研究员', titleEn: 'Postdoctoral Researcher', salaryZh: '年薪30-40万元', salaryEn: 'CNY 300k–400k / year', degree: 'doctor', descriptionZh: '加入课题组从事前沿研究，合同期两年，可申请留校。', descriptionEn: 'Join a research group for two years, with a path to a permanent post.' },
  { titleZh: '研究员 / 教授', titleEn: 'Professor', salaryZh: '面议', salaryEn: 'Negotiable', degree: 'doctor', descriptionZh: '学科带头人岗位，负责组建团队与承担重大项目。', descriptionEn: 'Discipline leader building a team and leading major projects.' },
  { titleZh: '实验室工程师', titleEn: 'Laboratory Engineer', salaryZh: '年薪20-30万元', salaryEn: 'CNY 200k–300k / year', degree: 'master', descriptionZh: '负责大型仪器平台运行维护与技术支持。', descriptionEn: 'Runs and supports large instrument platforms.' },
  { titleZh: '科研助理', titleEn: 'Research Assistant', salaryZh: '月薪1-1.5万元', salaryEn: 'CNY 10k–15k / month', degree: 'master', descriptionZh: '协助开展实验、数据分析与项目管理。', descriptionEn: 'Assists with experiments, data analysis and project management.' },
]
export const ENTERPRISE_JOBS: JobSeed[] = [
  { titleZh: '算法工程师', titleEn: 'Algorithm Engineer', salaryZh: '年薪50-80万元', salaryEn: 'CNY 500k–800k / year', degree: 'master', descriptionZh: '负责核心算法研发与优化，要求熟悉深度学习框架。', descriptionEn: 'Develops and optimises core algorithms; deep-learning frameworks required.' },
  { titleZh: '芯片验证工程师', titleEn: 'Chip Verification Engineer', salaryZh: '年薪40-70万元', salaryEn: 'CNY 400k–700k / year', degree: 'master', descriptionZh: '负责SoC验证方案制定与执行。', descriptionEn: 'Plans and runs SoC verification.' },
  { titleZh: '产品经理（海外市场）', titleEn: 'Product Manager (International)', salaryZh: '年薪35-55万元', salaryEn: 'CNY 350k–550k / year', degree: 'bachelor', descriptionZh: '负责海外市场产品规划，要求英语流利。', descriptionEn: 'Plans products for international markets; fluent English required.' },
  { titleZh: '首席科学家', titleEn: 'Chief Scientist', salaryZh: '面议', salaryEn: 'Negotiable', degree: 'doctor', descriptionZh: '领导研发团队制定技术路线。', descriptionEn: 'Leads the R&D team and sets the technical roadmap.' },
  { titleZh: '临床研究医师', titleEn: 'Clinical Research Physician', salaryZh: '年薪40-60万元', salaryEn: 'CNY 400k–600k / year', degree: 'doctor', descriptionZh: '负责临床试验设计与医学监查。', descriptionEn: 'Designs clinical trials and performs medical monitoring.' },
  { titleZh: '电池系统工程师', titleEn: 'Battery Systems Engineer', salaryZh: '年薪30-50万元', salaryEn: 'CNY 300k–500k / year', degree: 'master', descriptionZh: '负责储能电池系统设计与测试。', descriptionEn: 'Designs and tests energy-storage battery systems.' },
]

/**
 * `file`: a real file under server/assets/videos (served at /static/videos/<file>). The demo has one clip
 * (a 10-second brand clip generated for the demo): the about video, and now also the roadshow BP
 * and activity videos play it too (seconds = the clip's 10), so no seeded page shows "video coming soon".
 */
export const INTRO_VIDEO_FILE = 'haijiao-intro.webm'
export const VIDEOS: Array<{ slug: string; titleZh: string; titleEn: string; category: 'bp' | 'about' | 'activity'; seconds: number; file?: string }> = [
  { slug: 'about-haijiao', titleZh: '海交平台介绍', titleEn: 'Introducing Haijiao', category: 'about', seconds: 10, file: INTRO_VIDEO_FILE },
  { slug: 'bp-1', titleZh: '智能诊断芯片项目BP讲解', titleEn: 'BP: AI Diagnostic Chip', category: 'bp', seconds: 10, file: INTRO_VIDEO_FILE },
  { slug: 'bp-2', titleZh: '固态电池项目BP讲解', titleEn: 'BP: Solid-state Battery', category: 'bp', seconds: 10, file: INTRO_VIDEO_FILE },
  { slug: 'bp-3', titleZh: '细胞治疗项目BP讲解', titleEn: 'BP: Cell Therapy', category: 'bp', seconds: 10, file: INTRO_VIDEO_FILE },
  { slug: 'bp-4', titleZh: '工业视觉检测项目BP讲解', titleEn: 'BP: Industrial Vision Inspection', category: 'bp', seconds: 10, file: INTRO_VIDEO_FILE },
  { slug: 'bp-5', titleZh: '农业无人机项目BP讲解', titleEn: 'BP: Agricultural Drones', category: 'bp', seconds: 10, file: INTRO_VIDEO_FILE },
  { slug: 'bp-6', titleZh: '跨境支付项目BP讲解', titleEn: 'BP: Cross-border Payments', category: 'bp', seconds: 10, file: INTRO_VIDEO_FILE },
  { slug: 'activity-summit', titleZh: '海外人才交流大会精彩回顾', titleEn: 'Highlights of the Overseas Talent Conference', category: 'activity', seconds: 10, file: INTRO_VIDEO_FILE },
  { slug: 'activity-roadshow', titleZh: '深圳湾路演现场回顾', titleEn: 'Shenzhen Bay Roadshow Recap', category: 'activity', seconds: 10, file: INTRO_VIDEO_FILE },
]

export const COMPETITIONS = [
  { slug: 'innovation-cup', titleZh: '第九届海外人才创新创业大赛', titleEn: '9th Overseas Talent Innovation & Entrepreneurship Competition', summaryZh: '面向全球海外人才的创新创业赛事，总奖金1000万元。', summaryEn: 'A global innovation and entrepreneurship competition with CNY 10 million in prizes.', startDay: -20, days: 90 },
  { slug: 'bay-area-cup', titleZh: '大湾区海归创业大赛', titleEn: 'Greater Bay Area Returnee Start-up Competition', summaryZh: '聚焦硬科技与生命科学的区域性创业大赛。', summaryEn: 'A regional competition focused on deep tech and life sciences.', startDay: 30, days: 60 },
  { slug: 'youth-cup', titleZh: '海外青年科技人才挑战赛', titleEn: 'Overseas Young Tech Talent Challenge', summaryZh: '面向35岁以下青年科技人才的挑战赛。', summaryEn: 'A challenge for young tech talent under 35.', startDay: -200, days: 60 },
]

export const ROADSHOW_CITIES = [
  { zh: '深圳', en: 'Shenzhen' },
  { zh: '上海', en: 'Shanghai' },
  { zh: '北京', en: 'Beijing' },
  { zh: '杭州', en: 'Hangzhou' },
  { zh: '苏州', en: 'Suzhou' },
]
export const RECORD_RESULTS = [
  { zh: '获得三家机构投资意向', en: 'Term-sheet interest from three investors' },
  { zh: '入选园区重点孵化项目', en: 'Selected for the park’s priority incubation' },
  { zh: '获大赛一等奖', en: 'First prize of the competition' },
  { zh: '完成天使轮融资500万元', en: 'Closed a CNY 5 million angel round' },
]

export const ROADSHOW_PROJECTS: Array<{ slug: string; kind: 'project' | 'resource'; titleZh: string; titleEn: string; summaryZh: string; summaryEn: string; field: string; stageZh: string; stageEn: string }> = [
  { slug: 'ai-chip', kind: 'project', titleZh: '智能诊断芯片', titleEn: 'AI Diagnostic Chip', summaryZh: '面向基层医疗的低功耗医学影像AI芯片。', summaryEn: 'A low-power AI chip for medical imaging in primary care.', field: 'ic', stageZh: '天使轮', stageEn: 'Angel' },
  { slug: 'solid-battery', kind: 'project', titleZh: '固态电池量产工艺', titleEn: 'Solid-state Battery Manufacturing', summaryZh: '高能量密度固态电池的低成本量产方案。', summaryEn: 'Low-cost mass production of high-density solid-state batteries.', field: 'new_energy', stageZh: 'A轮', stageEn: 'Series A' },
  { slug: 'cell-therapy', kind: 'project', titleZh: '通用型细胞治疗平台', titleEn: 'Universal Cell Therapy Platform', summaryZh: '异体通用型CAR-T细胞治疗技术平台。', summaryEn: 'An allogeneic universal CAR-T platform.', field: 'biomed', stageZh: 'Pre-A轮', stageEn: 'Pre-Series A' },
  { slug: 'vision-inspection', kind: 'project', titleZh: '工业视觉检测系统', titleEn: 'Industrial Vision Inspection', summaryZh: '基于深度学习的精密制造缺陷检测。', summaryEn: 'Deep-learning defect detection for precision manufacturing.', field: 'smart_manufacturing', stageZh: 'A轮', stageEn: 'Series A' },
  { slug: 'agri-drone', kind: 'project', titleZh: '农业植保无人机', titleEn: 'Crop-protection Drones', summaryZh: '智能变量喷洒的农业无人机。', summaryEn: 'Agricultural drones with variable-rate spraying.', field: 'agriculture', stageZh: '天使轮', stageEn: 'Angel' },
  { slug: 'cross-border-pay', kind: 'project', titleZh: '跨境支付清结算平台', titleEn: 'Cross-border Payment Settlement', summaryZh: '服务中小外贸企业的跨境支付平台。', summaryEn: 'Cross-border payments for small exporters.', field: 'finance', stageZh: 'B轮', stageEn: 'Series B' },
  { slug: 'graphene-film', kind: 'project', titleZh: '石墨烯导热膜', titleEn: 'Graphene Thermal Film', summaryZh: '消费电子用高导热石墨烯薄膜。', summaryEn: 'High-conductivity graphene film for consumer electronics.', field: 'new_materials', stageZh: 'A轮', stageEn: 'Series A' },
  { slug: 'edu-llm', kind: 'project', titleZh: '教育大模型助教', titleEn: 'Education LLM Tutor', summaryZh: '面向K12的个性化AI助教。', summaryEn: 'A personalised AI tutor for K-12.', field: 'education', stageZh: '种子轮', stageEn: 'Seed' },
  { slug: 'data-exchange', kind: 'project', titleZh: '隐私计算数据流通平台', titleEn: 'Privacy-preserving Data Exchange', summaryZh: '基于隐私计算的数据要素流通解决方案。', summaryEn: 'Data exchange based on privacy-preserving computation.', field: 'digital_economy', stageZh: 'Pre-A轮', stageEn: 'Pre-Series A' },
  { slug: 'surgical-robot', kind: 'project', titleZh: '微创手术机器人', titleEn: 'Minimally Invasive Surgical Robot', summaryZh: '国产化腔镜手术机器人系统。', summaryEn: 'A domestically made laparoscopic surgical robot.', field: 'biomed', stageZh: 'B轮', stageEn: 'Series B' },
  { slug: 'res-fund', kind: 'resource', titleZh: '硬科技早期投资基金', titleEn: 'Early-stage Deep Tech Fund', summaryZh: '专注硬科技早期项目，单笔投资500万至3000万元。', summaryEn: 'Invests CNY 5–30 million in early deep-tech projects.', field: 'finance', stageZh: '资金', stageEn: 'Capital' },
  { slug: 'res-lab', kind: 'resource', titleZh: '共享中试实验室', titleEn: 'Shared Pilot-scale Laboratory', summaryZh: '提供生物医药中试与GMP车间共享服务。', summaryEn: 'Shared pilot-scale and GMP facilities for biomedicine.', field: 'biomed', stageZh: '场地', stageEn: 'Facilities' },
  { slug: 'res-fab', kind: 'resource', titleZh: '芯片流片绿色通道', titleEn: 'Chip Tape-out Fast Lane', summaryZh: '为初创芯片企业提供MPW流片补贴与优先排期。', summaryEn: 'MPW tape-out subsidies and priority slots for chip start-ups.', field: 'ic', stageZh: '产业资源', stageEn: 'Industry' },
  { slug: 'res-market', kind: 'resource', titleZh: '制造业应用场景开放', titleEn: 'Open Manufacturing Scenarios', summaryZh: '龙头制造企业开放应用场景，寻找技术合作方。', summaryEn: 'Leading manufacturers open real scenarios to technology partners.', field: 'smart_manufacturing', stageZh: '应用场景', stageEn: 'Scenarios' },
]

export const TALENTS: Array<{ slug: string; nameZh: string; nameEn: string; titleZh: string; titleEn: string; introZh: string; introEn: string; field: string; country: string; degree: 'bachelor' | 'master' | 'doctor'; achievementsZh: string[]; achievementsEn: string[] }> = [
  { slug: 'chen-yu', nameZh: '陈宇', nameEn: 'Chen Yu', titleZh: '人工智能研究院院长', titleEn: 'Director, AI Research Institute', introZh: '斯坦福大学博士，曾任硅谷科技公司首席科学家。', introEn: 'PhD from Stanford; former chief scientist at a Silicon Valley company.', field: 'ai', country: 'US', degree: 'doctor', achievementsZh: ['发表顶会论文80余篇', '国家级人才计划入选者'], achievementsEn: ['80+ papers at top conferences', 'National talent programme awardee'] },
  { slug: 'lin-xue', nameZh: '林雪', nameEn: 'Lin Xue', titleZh: '创新药企业创始人', titleEn: 'Founder of a new-drug company', introZh: '剑桥大学博士，专注肿瘤免疫治疗。', introEn: 'PhD from Cambridge, focused on cancer immunotherapy.', field: 'biomed', country: 'GB', degree: 'doctor', achievementsZh: ['两款新药进入临床三期', '完成C轮融资'], achievementsEn: ['Two drugs in phase III', 'Closed a Series C'] },
  { slug: 'wang-hao', nameZh: '王浩', nameEn: 'Wang Hao', titleZh: '芯片设计公司CTO', titleEn: 'CTO of a chip design company', introZh: '加州大学伯克利分校博士，拥有20年芯片设计经验。', introEn: 'PhD from UC Berkeley with 20 years of chip design.', field: 'ic', country: 'US', degree: 'doctor', achievementsZh: ['主导7nm芯片量产', '授权发明专利30项'], achievementsEn: ['Led 7 nm mass production', '30 granted patents'] },
  { slug: 'zhao-min', nameZh: '赵敏', nameEn: 'Zhao Min', titleZh: '新材料实验室主任', titleEn: 'Head of a New Materials Lab', introZh: '东京大学博士，研究方向为二维材料。', introEn: 'PhD from the University of Tokyo, researching 2D materials.', field: 'new_materials', country: 'JP', degree: 'doctor', achievementsZh: ['国家自然科学基金优青', '成果转化收益过亿'], achievementsEn: ['NSFC Excellent Young Scientist', 'Over CNY 100 million from tech transfer'] },
  { slug: 'liu-yang', nameZh: '刘洋', nameEn: 'Liu Yang', titleZh: '储能企业副总裁', titleEn: 'VP of an energy-storage company', introZh: '亚琛工业大学硕士，德国汽车行业从业十年。', introEn: "Master's from RWTH Aachen; ten years in the German car industry.", field: 'new_energy', country: 'DE', degree: 'master', achievementsZh: ['主导储能产品出海', '行业标准起草人'], achievementsEn: ['Took storage products abroad', 'Co-author of an industry standard'] },
  { slug: 'sun-li', nameZh: '孙莉', nameEn: 'Sun Li', titleZh: '金融科技公司合伙人', titleEn: 'Partner at a fintech company', introZh: '多伦多大学硕士，曾任加拿大银行量化分析师。', introEn: "Master's from Toronto; former quant at a Canadian bank.", field: 'finance', country: 'CA', degree: 'master', achievementsZh: ['搭建智能风控系统', '服务中小企业超万家'], achievementsEn: ['Built an AI risk-control system', 'Serves 10,000+ SMEs'] },
  { slug: 'he-jun', nameZh: '何俊', nameEn: 'He Jun', titleZh: '智能制造首席工程师', titleEn: 'Chief Engineer, Smart Manufacturing', introZh: '新加坡国立大学博士，工业机器人专家。', introEn: 'PhD from NUS, expert in industrial robots.', field: 'smart_manufacturing', country: 'SG', degree: 'doctor', achievementsZh: ['打造灯塔工厂', '省科技进步一等奖'], achievementsEn: ['Built a lighthouse factory', 'Provincial first prize for S&T progress'] },
  { slug: 'zhou-qing', nameZh: '周晴', nameEn: 'Zhou Qing', titleZh: '教育科技创业者', titleEn: 'EdTech Founder', introZh: '墨尔本大学硕士，专注AI个性化学习。', introEn: "Master's from Melbourne, focused on AI-personalised learning.", field: 'education', country: 'AU', degree: 'master', achievementsZh: ['产品覆盖500所学校'], achievementsEn: ['Products used in 500 schools'] },
  { slug: 'xu-tao', nameZh: '徐涛', nameEn: 'Xu Tao', titleZh: '数字经济研究员', titleEn: 'Digital Economy Researcher', introZh: '巴黎高等商学院硕士，研究数据要素市场。', introEn: "Master's from HEC Paris, researching data markets.", field: 'digital_economy', country: 'FR', degree: 'master', achievementsZh: ['出版专著两部'], achievementsEn: ['Author of two books'] },
  { slug: 'ma-lan', nameZh: '马兰', nameEn: 'Ma Lan', titleZh: '农业科技专家', titleEn: 'Agritech Expert', introZh: '瓦赫宁根大学博士，作物育种专家。', introEn: 'PhD from Wageningen, crop-breeding expert.', field: 'agriculture', country: 'NL', degree: 'doctor', achievementsZh: ['培育新品种12个'], achievementsEn: ['Bred 12 new varieties'] },
]

export const ORG_PROJECTS: Array<{ org: string; titleZh: string; titleEn: string; summaryZh: string; summaryEn: string; cityZh: string; cityEn: string; field: string; requirements: Array<{ titleZh: string; titleEn: string; descriptionZh: string; descriptionEn: string }> }> = [
  { org: 'shenzhen', titleZh: '智能医疗影像联合攻关', titleEn: 'Joint R&D on AI Medical Imaging', summaryZh: '园区企业联合医院征集医学影像AI算法团队。', summaryEn: 'Park companies and hospitals seek an AI medical-imaging team.', cityZh: '深圳', cityEn: 'Shenzhen', field: 'ai', requirements: [{ titleZh: '算法负责人', titleEn: 'Algorithm lead', descriptionZh: '具备医学影像分割经验。', descriptionEn: 'Experience in medical image segmentation.' }, { titleZh: '临床合作', titleEn: 'Clinical partner', descriptionZh: '可协调三甲医院数据资源。', descriptionEn: 'Access to top-hospital data.' }] },
  { org: 'hangzhou', titleZh: '城市数字孪生平台建设', titleEn: 'City Digital Twin Platform', summaryZh: '征集城市级数字孪生与仿真技术团队。', summaryEn: 'Seeking teams for city-scale digital twins and simulation.', cityZh: '杭州', cityEn: 'Hangzhou', field: 'digital_economy', requirements: [{ titleZh: '三维重建', titleEn: '3D reconstruction', descriptionZh: '大规模场景三维重建能力。', descriptionEn: 'Large-scale 3D reconstruction.' }, { titleZh: '实时渲染', titleEn: 'Real-time rendering', descriptionZh: '支持百万级实体实时渲染。', descriptionEn: 'Real-time rendering of millions of entities.' }, { titleZh: '数据治理', titleEn: 'Data governance', descriptionZh: '多源数据融合与治理经验。', descriptionEn: 'Multi-source data fusion and governance.' }] },
  { org: 'suzhou', titleZh: '抗体药物中试放大', titleEn: 'Antibody Drug Scale-up', summaryZh: '寻找抗体药物工艺开发与中试放大合作方。', summaryEn: 'Partners wanted for antibody process development and scale-up.', cityZh: '苏州', cityEn: 'Suzhou', field: 'biomed', requirements: [{ titleZh: '工艺开发', titleEn: 'Process development', descriptionZh: '细胞株构建与上游工艺经验。', descriptionEn: 'Cell-line construction and upstream process.' }, { titleZh: '质量体系', titleEn: 'Quality system', descriptionZh: '熟悉GMP质量体系。', descriptionEn: 'Familiar with GMP.' }] },
  { org: 'zhongguancun', titleZh: '大模型安全评测', titleEn: 'Large-model Safety Evaluation', summaryZh: '征集大模型安全与对齐评测技术方案。', summaryEn: 'Seeking solutions for large-model safety and alignment evaluation.', cityZh: '北京', cityEn: 'Beijing', field: 'ai', requirements: [{ titleZh: '评测体系', titleEn: 'Evaluation framework', descriptionZh: '建立覆盖多维度风险的评测集。', descriptionEn: 'A benchmark covering many risk dimensions.' }, { titleZh: '红队测试', titleEn: 'Red teaming', descriptionZh: '具备对抗测试经验。', descriptionEn: 'Adversarial testing experience.' }] },
  { org: 'nansha', titleZh: '海洋监测传感网络', titleEn: 'Marine Monitoring Sensor Network', summaryZh: '建设近海环境实时监测传感网络。', summaryEn: 'Building a real-time coastal monitoring sensor network.', cityZh: '广州', cityEn: 'Guangzhou', field: 'smart_manufacturing', requirements: [{ titleZh: '传感器研发', titleEn: 'Sensor R&D', descriptionZh: '耐腐蚀水下传感器设计。', descriptionEn: 'Corrosion-resistant underwater sensors.' }, { titleZh: '通信组网', titleEn: 'Networking', descriptionZh: '低功耗水声通信。', descriptionEn: 'Low-power underwater acoustic communication.' }] },
  { org: 'chengdu', titleZh: '智慧农业示范基地', titleEn: 'Smart Agriculture Demonstration Base', summaryZh: '征集智慧灌溉与作物监测解决方案。', summaryEn: 'Solutions wanted for smart irrigation and crop monitoring.', cityZh: '成都', cityEn: 'Chengdu', field: 'agriculture', requirements: [{ titleZh: '遥感监测', titleEn: 'Remote sensing', descriptionZh: '无人机多光谱作物监测。', descriptionEn: 'Drone multispectral crop monitoring.' }, { titleZh: '灌溉控制', titleEn: 'Irrigation control', descriptionZh: '基于土壤墒情的精准灌溉。', descriptionEn: 'Precision irrigation from soil moisture.' }] },
  { org: 'innovation', titleZh: '海归创业导师招募', titleEn: 'Returnee Start-up Mentors Wanted', summaryZh: '招募有成功创业经验的海归担任创业导师。', summaryEn: 'Recruiting experienced returnee founders as mentors.', cityZh: '北京', cityEn: 'Beijing', field: 'digital_economy', requirements: [{ titleZh: '创业经验', titleEn: 'Founder experience', descriptionZh: '至少一次成功创业或退出经历。', descriptionEn: 'At least one successful start-up or exit.' }, { titleZh: '时间投入', titleEn: 'Time', descriptionZh: '每月至少辅导4小时。', descriptionEn: 'At least 4 hours of mentoring a month.' }] },
]

export const BANNERS: Array<{ slug: string; titleZh: string; titleEn: string; position: 'home' | 'activity' | 'roadshow' | 'policy'; link: string | null; sort: number }> = [
  { slug: 'home-conference', titleZh: '2026海外人才交流大会火热报名中', titleEn: 'Overseas Talent Conference 2026 — enrol now', position: 'home', link: 'hot-activity', sort: 1 },
  { slug: 'home-policy-match', titleZh: '一键匹配适合你的人才政策', titleEn: 'Find the talent policies that fit you', position: 'home', link: '/match', sort: 2 },
  { slug: 'home-topic', titleZh: '海外人才回国创业扶持专题', titleEn: 'Start-up support for returnees', position: 'home', link: 'topic', sort: 3 },
  { slug: 'home-roadshow', titleZh: '项目路演 · 对接资本', titleEn: 'Roadshows: meet investors', position: 'home', link: '/roadshow', sort: 4 },
  { slug: 'activity-season', titleZh: '全球巡回招聘季', titleEn: 'Global recruiting tour', position: 'activity', link: '/activity', sort: 1 },
  { slug: 'activity-online', titleZh: '线上直播活动专区', titleEn: 'Online live events', position: 'activity', link: '/activity', sort: 2 },
  { slug: 'roadshow-cup', titleZh: '第九届创新创业大赛', titleEn: '9th Innovation & Entrepreneurship Competition', position: 'roadshow', link: '/competition', sort: 1 },
  { slug: 'roadshow-bp', titleZh: 'BP视频展播', titleEn: 'Business-plan videos', position: 'roadshow', link: '/roadshow', sort: 2 },
  { slug: 'policy-residence', titleZh: '上海留学人员落户政策解读', titleEn: 'Shanghai residence policy explained', position: 'policy', link: 'policy', sort: 1 },
  { slug: 'policy-match', titleZh: '政策匹配 · 精准推荐', titleEn: 'Policy match: precise recommendations', position: 'policy', link: '/match', sort: 2 },
]

export function contentSettings(): Record<string, string> {
  const poster = (slug: string) => `/static/posters/${slug}.svg`
  return {
    icp_url: 'https://beian.miit.gov.cn/',
    wechat_qr_url: poster('wechat-official-qr'),
    social: JSON.stringify([
      { code: 'wechat', nameZh: '微信公众号', nameEn: 'WeChat', qrUrl: poster('social-wechat-qr') },
      { code: 'weibo', nameZh: '微博', nameEn: 'Weibo', qrUrl: poster('social-weibo-qr') },
      { code: 'linkedin', nameZh: '领英', nameEn: 'LinkedIn', qrUrl: poster('social-linkedin-qr') },
      { code: 'douyin', nameZh: '抖音', nameEn: 'Douyin', qrUrl: poster('social-douyin-qr') },
    ]),
    website_content: JSON.stringify({
      introZh: '海交是服务海外人才回国发展的双语平台，汇聚活动、政策、项目路演与就业资源，连接海外人才与国内城市、园区、高校和企业。',
      introEn: 'Haijiao is a bilingual platform for overseas talent coming home: events, policies, roadshows and jobs, connecting talent with Chinese cities, parks, universities and companies.',
      timeline: [
        { year: '2019', titleZh: '项目启动', titleEn: 'Project launch', textZh: '海交项目在北京启动，首批合作园区10家。', textEn: 'Haijiao launched in Beijing with ten partner parks.' },
        { year: '2020', titleZh: '线上活动上线', titleEn: 'Online events', textZh: '推出线上直播活动，覆盖20个国家。', textEn: 'Online live events reached 20 countries.' },
        { year: '2021', titleZh: '政策匹配', titleEn: 'Policy match', textZh: '上线政策匹配工具，收录政策500余项。', textEn: 'The policy-match tool went live with 500+ policies.' },
        { year: '2022', titleZh: '项目路演', titleEn: 'Roadshows', textZh: '开通项目路演与BP视频展播。', textEn: 'Roadshows and business-plan videos opened.' },
        { year: '2023', titleZh: '海外工作站', titleEn: 'Overseas stations', textZh: '在伦敦、旧金山、悉尼设立海外工作站。', textEn: 'Stations opened in London, San Francisco and Sydney.' },
        { year: '2024', titleZh: '服务升级', titleEn: 'Service upgrade', textZh: '推出回国服务：成果转化、求职与创业。', textEn: 'Returning-home services launched: tech transfer, jobs and start-ups.' },
        { year: '2026', titleZh: '双语新平台', titleEn: 'New bilingual platform', textZh: '全新双语平台上线，支持网页、手机与小程序。', textEn: 'The new bilingual platform launched on web, mobile and mini-program.' },
      ],
      swiper: [
        { imageUrl: poster('about-team'), captionZh: '海交团队', captionEn: 'The Haijiao team' },
        { imageUrl: poster('about-conference'), captionZh: '海外人才交流大会', captionEn: 'Overseas Talent Conference' },
        { imageUrl: poster('about-roadshow'), captionZh: '项目路演现场', captionEn: 'A roadshow on stage' },
        { imageUrl: poster('about-station'), captionZh: '伦敦海外工作站', captionEn: 'London overseas station' },
      ],
    }),
    repatriation_services: JSON.stringify([
      {
        code: 'achievement_transform',
        titleZh: '成果转化',
        titleEn: 'Achievement transformation',
        introZh: '为海外人才的科研成果对接产业资本、园区与企业，提供评估、专利与转化全流程服务。',
        introEn: 'We connect research results of overseas talent with capital, parks and companies, with evaluation, patents and transfer services end to end.',
        stepsZh: ['提交成果信息', '专家评估与定价', '对接产业方与资本', '签约与落地'],
        stepsEn: ['Submit your results', 'Expert evaluation and pricing', 'Meet industry and investors', 'Sign and launch'],
        imageUrl: poster('service-transform'),
      },
      {
        code: 'apply_job',
        titleZh: '求职就业',
        titleEn: 'Apply for a job',
        introZh: '汇聚高校、科研院所与企业岗位，提供简历指导、面试辅导与入职手续服务。',
        introEn: 'Jobs from universities, institutes and companies, with CV guidance, interview coaching and onboarding help.',
        stepsZh: ['完善个人简历', '浏览岗位并投递', '参加面试', '办理入职与落户'],
        stepsEn: ['Complete your CV', 'Browse and apply', 'Attend interviews', 'Onboarding and residence'],
        imageUrl: poster('service-job'),
      },
      {
        code: 'entrepreneurship',
        titleZh: '创新创业',
        titleEn: 'Entrepreneurship',
        introZh: '提供创业政策咨询、孵化空间、融资路演与公司注册一站式服务。',
        introEn: 'One-stop start-up services: policy advice, incubation space, investor roadshows and company registration.',
        stepsZh: ['提交创业项目', '政策匹配与咨询', '入驻孵化器', '路演融资'],
        stepsEn: ['Submit your project', 'Policy match and advice', 'Join an incubator', 'Pitch to investors'],
        imageUrl: poster('service-startup'),
      },
    ]),
  }
}
