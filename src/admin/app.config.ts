// Four static Taro pages; the shell is first (home) and, through h5.router.customRoutes in
// config/admin.ts, also answers every other /admin/<view> path — its own switcher picks the view.
export default {
  pages: ['pages/shell/index', 'pages/adm-login/index', 'pages/adm-register/index', 'pages/forgot/index'],
  window: {
    navigationStyle: 'custom',
    navigationBarTitleText: '海交管理后台',
  },
  animation: false,
}
