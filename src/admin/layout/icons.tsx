/** Menu icon names (as seeded, antd or short names) → @ant-design/icons; unknown → a generic icon. */
import React from 'react'
import {
  AppstoreOutlined,
  BankOutlined,
  HomeOutlined,
  MenuOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons'

const BY_NAME: Record<string, React.ReactNode> = {
  home: <HomeOutlined />,
  system: <SettingOutlined />,
  setting: <SettingOutlined />,
  settings: <SettingOutlined />,
  user: <UserOutlined />,
  users: <UserOutlined />,
  cuser: <TeamOutlined />,
  team: <TeamOutlined />,
  role: <SafetyCertificateOutlined />,
  roles: <SafetyCertificateOutlined />,
  safety: <SafetyCertificateOutlined />,
  menu: <MenuOutlined />,
  organization: <BankOutlined />,
  organisation: <BankOutlined />,
  bank: <BankOutlined />,
}

export function menuIcon(icon: string | null | undefined, path: string): React.ReactNode {
  const name = (icon || '').replace(/Outlined|Filled|TwoTone/g, '').replace(/^icon-?/, '').toLowerCase()
  if (BY_NAME[name]) return BY_NAME[name]
  const last = path.split('/').filter(Boolean).pop() || 'home'
  return BY_NAME[last] || <AppstoreOutlined />
}
