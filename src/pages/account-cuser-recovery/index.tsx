import RecoveryForm from '../../components/form/recovery-form'

export default function RecoveryPage() {
  return <RecoveryForm path='/accountCuser/recovery' />
}
