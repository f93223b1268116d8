import { isRouteErrorResponse, useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import ErrorView from './ErrorView';

/** The router's error boundary: a thrown 404 or any other failure while rendering a screen. */
export default function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <Box component="main" sx={{ minHeight: '100dvh', bgcolor: 'background.default', color: 'text.primary' }}>
      <ErrorView notFound={notFound} />
    </Box>
  );
}
