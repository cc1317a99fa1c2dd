import Layout from '../../components/layout'
import RecoveryForm from '../../components/account/recovery-form'

export default function RecoveryPage() {
  return (
    <Layout path='/account/recovery' titleKey='recovery.title'>
      <RecoveryForm />
    </Layout>
  )
}
