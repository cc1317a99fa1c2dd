/**
 * System area: endpoints and the request and response shapes of the menu, role, admin-user, consumer and
 * organisation endpoints (server/src/modules/{menu,role,admin-user,organization}). Paths are relative to
 * /api/v1. `import type` only on the client, apart from the endpoint table.
 */
import type { MenuButton, MenuEntry } from './api'

export const ADMIN_SYSTEM_API = {
  /** GET ?page&pageSize&keyword&sortField&sortOrder → Page<RoleListItem> */
  rolePage: '/system/role/page',
  /** GET ?id → RoleListItem with menuIds and buttonIds */
  roleDetail: '/system/role/detail',
  roleAdd: '/system/role/add',
  roleUpdate: '/system/role/update',
  /** DELETE ?id (refused while accounts use the role) */
  roleDelete: '/system/role/delete',
  /** GET → every menu with its buttons, as a tree */
  menuTree: '/system/menu/tree',
  menuAdd: '/system/menu/add',
  menuUpdate: '/system/menu/update',
  /** DELETE ?id */
  menuDelete: '/system/menu/delete',
  menuButtonAdd: '/system/menu/button/add',
  menuButtonUpdate: '/system/menu/button/update',
  /** DELETE ?id */
  menuButtonDelete: '/system/menu/button/delete',
  /** GET → the roles an admin account may be given */
  roleOptions: '/system/user/role/options',
  adminUserAdd: '/system/user/add/auser',
  adminUserUpdate: '/system/user/update/auser',
  /** POST { id, forbidden?, locked?, expiresAt? } */
  adminUserStatus: '/system/user/update/auser/status',
  /** POST ConsumerStatusBody */
  consumerStatus: '/system/user/update/cuser/status',
  /** GET → the organizer's own organisation; POST update saves it */
  organizationCurrent: '/system/organization/current',
  organizationUpdate: '/system/organization/update',
  /** operations: GET Page<OrganizationListItem>, GET ?id detail, POST edit, POST invite */
  organizationPage: '/system/organization/page',
  organizationDetail: '/system/organization/detail',
  organizationEdit: '/system/organization/edit',
  organizationInvite: '/system/organization/invite',
  /** GET ?token → OrganizationInviteInfo (public) */
  organizationInviteVerify: '/system/organization/invite/verify',
} as const

// ---- menus and buttons (menu component 'system/menu/list') ------------------------------------
/** POST /system/menu/add (no id) and /system/menu/update (with id). `path` must start with /admin. */
export interface MenuSaveBody {
  id?: number
  pid: number
  path: string
  name: string
  titleZh: string
  titleEn: string
  component: string
  redirect?: string | null
  icon?: string | null
  sort?: number
}
type Titled = { titleZh?: string; titleEn?: string }
/** GET /system/menu/tree: every menu with its buttons, titled in both languages */
export type MenuTreeButton = MenuButton & Titled
export type MenuTreeNode = Omit<MenuEntry, 'children' | 'buttonList'> & Titled & { buttonList: MenuTreeButton[]; children?: MenuTreeNode[] }
/** POST /system/menu/button/add (menuId) and /system/menu/button/update (id). */
export interface MenuButtonSaveBody {
  id?: number
  menuId?: number
  name: string
  titleZh: string
  titleEn: string
}

// ---- roles (menu component 'system/role/list') ---------------------------------------------
export type DataScope = 'all' | 'org'
export interface RoleListItem {
  id: number
  code: string
  name: string
  nameZh: string
  nameEn: string
  brief: string | null
  dataScope: DataScope
  menuIds: number[]
  buttonIds: number[]
  /** admin accounts using the role (GET /system/role/page only) */
  userCount?: number
  createdAt?: string
}
/** GET /system/role/page?page&pageSize&keyword&sortField&sortOrder */
export type RoleSortField = 'id' | 'code' | 'nameZh' | 'createdAt'
/** POST /system/role/add (no id) and /system/role/update (id; omitted fields unchanged). */
export interface RoleSaveBody {
  id?: number
  code?: string
  nameZh?: string
  nameEn?: string
  brief?: string | null
  dataScope?: DataScope
  /** granted menus; their ancestors are granted with them */
  menuIds?: number[]
  /** granted buttons; each must belong to a granted menu */
  buttonIds?: number[]
}

// ---- admin-side accounts (menu component 'system/user/list') ---------------------------------
export type AdminAccountKind = 'auser' | 'ouser' | 'kefu'
/** POST /system/user/add/auser. An e-mail that already has a person attaches the new account to it. */
export interface AdminUserCreateBody {
  email: string
  nickName: string
  /** initial password (≥ 6); ignored when the e-mail already belongs to a person */
  password: string
  kind: AdminAccountKind
  roleId: number
  /** required for kind 'ouser' */
  organizationId?: number | null
  expiresAt?: string | null
  accountLevel?: number
}
/** POST /system/user/update/auser */
export interface AdminUserUpdateBody {
  id: number
  nickName?: string
  roleId?: number
  organizationId?: number | null
  expiresAt?: string | null
  accountLevel?: number
}
export interface AdminUserCreateResult {
  id: number
  userId: number
  /** false when the e-mail already belonged to a person (their password is unchanged) */
  newPerson: boolean
}
/** POST /system/user/update/cuser/status (menu 'system/cuser/list', button 'forbid') */
export interface ConsumerStatusBody {
  id: number
  forbidden: boolean
}

// ---- organisation users (menu component 'system/ouser/list') ----------------------------------
export interface OrganizationAccount {
  accountId: number
  userId: number
  email: string
  nickName: string
  forbidden: boolean
  locked: boolean
}
export interface OrganizationListItem {
  id: number
  pid: number
  nameZh: string
  nameEn: string
  logoUrl: string | null
  website: string | null
  kind: string
  createdAt: string
  accounts: OrganizationAccount[]
}
export interface OrganizationDetail extends Omit<OrganizationListItem, 'accounts'> {
  introZh: string | null
  introEn: string | null
  contentZh: string
  contentEn: string
}
/** POST /system/organization/edit (operations: any organisation). Rich text is sanitized. */
export interface OrganizationEditBody {
  id: number
  nameZh?: string
  nameEn?: string
  logoUrl?: string | null
  website?: string | null
  introZh?: string | null
  introEn?: string | null
  contentZh?: string
  contentEn?: string
}
/** POST /system/organization/invite { id } → a signed organizer-registration link for the organisation. */
export interface OrganizationInvite {
  token: string
  /** path on this host: /admin/admRegister?noReg=true&invite=<token> */
  link: string
  expiresAt: string
}
/** GET /system/organization/invite/verify?token= (public): which organisation the link binds. */
export interface OrganizationInviteInfo {
  organizationId: number
  nameZh: string
  nameEn: string
  expiresAt: string
}

// ---- answers the system views read -------------------------------------------------------------
/** GET /system/user/tree/department: organisations with their departments */
export interface DepartmentNode {
  id: number
  pid: number
  nameZh: string
  nameEn: string
  children: DepartmentNode[]
}
/** GET /system/user/role/options */
export interface RoleOption {
  id: number
  code: string
  nameZh: string
  nameEn: string
  dataScope: DataScope
}
/** GET /system/user/list/auser → Page<AdminUserListItem> */
export interface AdminUserListItem {
  id: number
  userId?: number
  email: string
  nickName: string
  forbidden: boolean | number
  locked: boolean | number
  expired?: boolean | number
  expiresAt?: string | null
  kind?: string
  accountLevel?: number
  roleId?: number | null
  organizationId?: number | null
  roleNameZh?: string | null
  roleNameEn?: string | null
  organizationNameZh?: string | null
  organizationNameEn?: string | null
  createdAt?: string
}
/** POST /system/user/update/auser/status: what changes (one at a time from the list) */
export interface AdminUserStatusPatch {
  forbidden?: boolean
  locked?: boolean
  expiresAt?: string | null
}
/** GET /system/user/list/cuser → Page<ConsumerListItem> */
export interface ConsumerListItem {
  id: number
  email: string
  nickName: string
  isPromoter?: boolean | number
  forbidden?: boolean | number
  locked?: boolean | number
  expiresAt?: string | null
  createdAt?: string
}
/** GET /system/organization/current and POST /system/organization/update (an organizer's own) */
export type OwnOrganization = Pick<OrganizationDetail, 'nameZh' | 'nameEn' | 'website' | 'logoUrl' | 'introZh' | 'introEn'> & { id?: number }
