/**
 * The error catalogue of product-spec section 8: one typed table, shared by the server (which answers
 * with these codes and the message in the caller's language) and the clients (which show the
 * translated `request.{code}` text). Codes are a contract with existing clients: never renumber.
 */
export interface CatalogueEntry {
  zh: string
  en: string
}

export const ERROR_CATALOGUE = {
  200: { zh: '成功', en: 'Success' },
  201: { zh: '未登录', en: 'Not logged in' },
  202: { zh: '账号已被禁用', en: 'Account disabled' },
  203: { zh: '账号已被锁定', en: 'Account locked' },
  204: { zh: '账号已过期', en: 'Account expired' },
  206: { zh: '账号不存在', en: 'Account does not exist' },
  207: { zh: '未注册主办方账号', en: 'No organizer account registered' },
  301: { zh: '参数错误', en: 'Parameter error' },
  302: { zh: '数据不存在', en: 'Data does not exist' },
  303: { zh: '手机号未注册', en: 'Phone number not registered' },
  304: { zh: '生成微信二维码失败', en: 'Failed to generate WeChat QR code' },
  401: { zh: '用户名或密码错误', en: 'Wrong user name or password' },
  402: { zh: 'token错误', en: 'Token error' },
  403: { zh: '用户名已存在', en: 'User name already exists' },
  404: { zh: '该邮箱已注册为个人账号', en: 'E-mail already registered as a personal account' },
  405: { zh: '旧密码错误', en: 'Old password wrong' },
  406: { zh: '该邮箱已注册为主办方账号', en: 'E-mail already registered as an organizer' },
  407: { zh: '邮件发送失败', en: 'E-mail sending failed' },
  408: { zh: '邮箱为空', en: 'E-mail empty' },
  409: { zh: '验证码为空', en: 'Verification code empty' },
  410: { zh: '验证码已过期或错误', en: 'Verification code expired or wrong' },
  411: { zh: '用户名为空', en: 'User name empty' },
  412: { zh: '邮箱未注册', en: 'E-mail not registered' },
  420: { zh: '客户不在线', en: 'Customer offline' },
  421: { zh: '请求消息类型错误', en: 'Wrong request message type' },
  422: { zh: '传输参数错误', en: 'Wrong transfer parameters' },
  423: { zh: '客服的客户列表为空', en: "Agent's customer list empty" },
  424: { zh: '您已报名该活动', en: 'Already enrolled in the activity' },
  425: { zh: '请求参数错误', en: 'Wrong request parameters' },
  426: { zh: '创建通道失败', en: 'Creating channel failed' },
  427: { zh: '验证码为空', en: 'Code empty' },
  428: { zh: '验证码已过期', en: 'Code expired' },
  429: { zh: '验证码错误', en: 'Code wrong' },
  430: { zh: '已收藏该活动', en: 'Interested activity already exists' },
  500: { zh: '请求错误', en: 'Request error' },
  501: { zh: '发送验证码失败', en: 'Sending verification code failed' },
  503: { zh: '数据库错误', en: 'Database error' },
  516: { zh: '密码错误次数过多，账号已冻结', en: 'Too many wrong password attempts, account frozen' },
  517: { zh: '数据已存在', en: 'Data exists' },
  518: { zh: '数据不存在', en: 'Data does not exist' },
  519: { zh: '名额已满', en: 'No vacancy' },
  600: { zh: '该分类存在子分类，请先删除子分类', en: 'Category has subcategories, delete those first' },
  601: { zh: '请先隐藏子分类', en: 'Hide subcategories before hiding' },
  602: { zh: '该分类已关联业务，不能删除', en: 'Category linked to business, cannot delete' },
  603: { zh: '该分类已关联业务，不能隐藏', en: 'Linked, cannot hide' },
  604: { zh: '资讯内容不存在', en: 'Information content not found' },
  605: { zh: '分类名称为空', en: 'Category name empty' },
  606: { zh: '分类排序为空', en: 'Category sort empty' },
  607: { zh: '分类客服为空', en: 'Category service agent empty' },
  618: { zh: '分类不存在', en: 'Category does not exist' },
  619: { zh: '该专题为热门数据，不能删除', en: 'Topic is hot data, cannot delete' },
  620: { zh: '该资讯为热门数据，不能删除', en: 'Information is hot, cannot delete' },
  621: { zh: '该活动为热门数据，不能删除', en: 'Activity is hot, cannot delete' },
  622: { zh: '请填写资讯发布时间', en: 'Fill in the information publish time' },
  624: { zh: '输入需要分页和索引', en: 'Input needs paging and index' },
  625: { zh: '搜索不支持模糊布尔查询', en: 'Search does not support fuzzy boolean' },
  626: { zh: '该活动已关联其他大赛', en: 'Activity already linked to another competition' },
  630: { zh: '该地区仍有关联的活动、账号、部门或项目，不能删除', en: 'The place still has activities, accounts, departments or projects, cannot delete' },
  431: { zh: '登录失败次数较多，请输入图形验证码', en: 'Several failed logins: enter the captcha' },
  432: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, try again later' },
  433: { zh: '消息过长', en: 'Message too long' },
  434: { zh: '今日上传已达上限', en: "Today's upload limit reached" },
} as const satisfies Record<number, CatalogueEntry>

export type ErrorCode = keyof typeof ERROR_CATALOGUE

/** Named codes for readability at call sites (`Codes.WRONG_PASSWORD` rather than a bare 401). */
export const Codes = {
  OK: 200,
  NOT_LOGGED_IN: 201,
  ACCOUNT_DISABLED: 202,
  ACCOUNT_LOCKED: 203,
  ACCOUNT_EXPIRED: 204,
  ACCOUNT_NOT_FOUND: 206,
  NO_ORGANIZER_ACCOUNT: 207,
  PARAM_ERROR: 301,
  DATA_NOT_FOUND: 302,
  WRONG_PASSWORD: 401,
  TOKEN_ERROR: 402,
  USER_NAME_EXISTS: 403,
  EMAIL_IS_PERSONAL: 404,
  OLD_PASSWORD_WRONG: 405,
  EMAIL_IS_ORGANIZER: 406,
  EMAIL_SEND_FAILED: 407,
  EMAIL_EMPTY: 408,
  CODE_EMPTY: 409,
  CODE_INVALID: 410,
  USER_NAME_EMPTY: 411,
  EMAIL_NOT_REGISTERED: 412,
  WRONG_REQUEST_PARAMS: 425,
  CAPTCHA_EMPTY: 427,
  CAPTCHA_EXPIRED: 428,
  CAPTCHA_WRONG: 429,
  REQUEST_ERROR: 500,
  SEND_CODE_FAILED: 501,
  DATABASE_ERROR: 503,
  ACCOUNT_FROZEN: 516,
  DATA_EXISTS: 517,
  NO_VACANCY: 519,
  CAPTCHA_REQUIRED: 431,
  TOO_MANY_REQUESTS: 432,
  MESSAGE_TOO_LONG: 433,
  UPLOAD_QUOTA_REACHED: 434,
} as const satisfies Record<string, ErrorCode>

export type Lang = 'zh' | 'en'

/** Message for a code in a language; unknown codes fall back to the generic request error. */
export function messageFor(code: number, lang: Lang): string {
  const entry = (ERROR_CATALOGUE as Record<number, CatalogueEntry>)[code] ?? ERROR_CATALOGUE[500]
  return entry[lang]
}
