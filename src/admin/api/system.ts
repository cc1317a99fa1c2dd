/** System area: roles, menus and their buttons, admin accounts, consumers and organisations. */
import { API } from '@contracts/api'
import {
  ADMIN_SYSTEM_API as S,
  type AdminUserCreateBody,
  type AdminUserCreateResult,
  type AdminUserListItem,
  type AdminUserStatusPatch,
  type AdminUserUpdateBody,
  type ConsumerListItem,
  type DepartmentNode,
  type MenuButtonSaveBody,
  type MenuSaveBody,
  type MenuTreeNode,
  type OrganizationDetail,
  type OrganizationEditBody,
  type OrganizationInvite,
  type OrganizationListItem,
  type OwnOrganization,
  type RoleListItem,
  type RoleOption,
  type RoleSaveBody,
} from '@contracts/admin-system'
import { del, get, lister, post } from './client'

// ---- roles ----
export const listRoles = lister<RoleListItem>(S.rolePage)
export const roleDetail = (id: number) => get<RoleListItem>(S.roleDetail, { id })
/** add (no id) or update (id; omitted fields stay as they are, e.g. only the permissions) */
export const saveRole = (body: RoleSaveBody) => post(body.id ? S.roleUpdate : S.roleAdd, body)
export const deleteRole = (id: number) => del(S.roleDelete, { id })

// ---- menus and their buttons ----
export const menuTree = () => get<MenuTreeNode[]>(S.menuTree)
export const saveMenu = (body: MenuSaveBody) => post(body.id ? S.menuUpdate : S.menuAdd, body)
export const deleteMenu = (id: number) => del(S.menuDelete, { id })
export const saveMenuButton = (body: MenuButtonSaveBody) => post(body.id ? S.menuButtonUpdate : S.menuButtonAdd, body)
export const deleteMenuButton = (id: number) => del(S.menuButtonDelete, { id })

// ---- admin-side accounts ----
export const listAdminUsers = lister<AdminUserListItem>(API.adminUserList)
export const roleOptions = () => get<RoleOption[]>(S.roleOptions)
export const departmentTree = () => get<DepartmentNode[]>(API.departmentTree)
export const addAdminUser = (body: AdminUserCreateBody) => post<AdminUserCreateResult>(S.adminUserAdd, body)
export const updateAdminUser = (body: AdminUserUpdateBody) => post(S.adminUserUpdate, body)
export const setAdminUserStatus = (id: number, patch: AdminUserStatusPatch) => post(S.adminUserStatus, { id, ...patch })

// ---- consumers ----
export const listConsumers = lister<ConsumerListItem>(API.consumerUserList)
export const setConsumerForbidden = (id: number, forbidden: boolean) => post(S.consumerStatus, { id, forbidden })

// ---- organisations ----
export const currentOrganization = () => get<OwnOrganization>(S.organizationCurrent)
export const updateOwnOrganization = (body: Omit<OwnOrganization, 'id'>) => post(S.organizationUpdate, body)
export const listOrganizations = lister<OrganizationListItem>(S.organizationPage)
export const organizationDetail = (id: number) => get<OrganizationDetail>(S.organizationDetail, { id })
export const editOrganization = (body: OrganizationEditBody) => post(S.organizationEdit, body)
export const inviteOrganizer = (id: number) => post<OrganizationInvite>(S.organizationInvite, { id })
