import Layout from '../../components/layout'
import RecoveryForm from '../../components/account/recovery-form'
import '../../shared/i18n/sections/recovery'

export default function RecoveryPage() {
  return (
    <Layout path='/account/recovery' titleKey='recovery.title'>
      <RecoveryForm />
    </Layout>
  )
}
