export default { navigationBarTitleText: '海交管理后台' }
