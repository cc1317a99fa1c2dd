/** Sign-in, registration, password recovery, the current menu and logout (the auth pages and the shell). */
import {
  API,
  type CaptchaResult,
  type LoginBody,
  type LoginResult,
  type MenuPermission,
  type OrganizerRegisterBody,
  type ResetPasswordBody,
  type VerifyCodePurpose,
} from '@contracts/api'
import { ADMIN_SYSTEM_API as S, type OrganizationInviteInfo } from '@contracts/admin-system'
import { request } from '../../shared/api/request'
import { get, post } from './client'

export const captcha = () => get<CaptchaResult>(API.captcha)

/** organizer/admin login with the admin client's Basic credential */
export const login = (body: LoginBody) => request<LoginResult>({ url: API.ouserLogin, method: 'POST', data: body, basicAuth: true })

export const register = (body: OrganizerRegisterBody) => post(API.ouserRegister, body)

/** which organisation an invitation link binds (public) */
export const verifyInvite = (token: string) => get<OrganizationInviteInfo>(S.organizationInviteVerify, { token })

export const sendVerifyCode = (email: string, type: VerifyCodePurpose) => get(API.sendVerifyCode, { email, type })

export const resetPassword = (body: ResetPasswordBody) => post(API.resetPassword, body)

/** the signed-in person's admin menu and buttons (silent: the shell decides what a refusal means) */
export const currentMenu = () => get<MenuPermission>(API.currentMenu, undefined, true)

export const logout = () => post(API.logout, undefined, true)
