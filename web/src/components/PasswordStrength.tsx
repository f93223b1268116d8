import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { passwordScore, strengthLevel } from '../lib/passwordStrength';

const colors = { weak: 'error', good: 'warning', strong: 'success' } as const;

/** The password strength meter of spec §5. */
export default function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation();
  const score = passwordScore(password);
  const level = strengthLevel(score);
  const label = t(`user.password-strength.${level}`);
  return (
    <Box sx={{ marginBlock: 1 }}>
      <LinearProgress
        variant="determinate"
        value={score}
        color={colors[level]}
        sx={{ height: 8, borderRadius: 4 }}
        aria-label={t('user.password-strength.label')}
        aria-valuetext={`${label} (${Math.round(score)})`}
      />
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('user.password-strength.value', { strength: label })}
      </Typography>
    </Box>
  );
}
