export default { navigationBarTitleText: '找回密码 Reset password' }
