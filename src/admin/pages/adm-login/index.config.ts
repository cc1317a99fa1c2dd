export default { navigationBarTitleText: '登录 Login' }
