export { ChangePasswordModal } from './components/ChangePasswordModal';
export { ForgotPasswordModal } from './components/ForgotPasswordModal';
export { LoginForm } from './components/LoginForm';
export { LoginModal, RegisterModal } from './components/LoginModal';
export { RegisterPage } from './components/RegisterPage';
export { RegisterSuccessModal } from './components/RegisterSuccessModal';
export { ResetPasswordModal } from './components/ResetPasswordModal';
