import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useAddComment, useDeleteComment, useRecipeComments } from '../../api/hooks/recipeSocial';
import type { UserOut } from '../../api/types';
import UserAvatar from '../../components/UserAvatar';
import type { RecipeComment, RecipeOut } from '../../lib/recipe/types';
import { relativeTime } from '../../lib/relativeTime';

/** The recipe's comments, newest last, with a box to add one (members of the group). */
export default function CommentsSection({ recipe, user, canComment }: { recipe: RecipeOut; user: UserOut | null; canComment: boolean }) {
  const { t, i18n } = useTranslation();
  const { comments, available } = useRecipeComments(recipe.slug, recipe.comments as RecipeComment[], canComment);
  const add = useAddComment(recipe.slug);
  const remove = useDeleteComment(recipe.slug);
  const [text, setText] = useState('');

  const submit = () => {
    const value = text.trim();
    if (!value) return;
    add.mutate({ recipeId: recipe.id, text: value }, { onSuccess: () => setText('') });
  };

  return (
    <Box component="section" aria-labelledby="recipe-comments-heading">
      <Typography id="recipe-comments-heading" variant="h5" component="h2" sx={{ marginBlockEnd: 1 }}>
        {t('recipe-ui.comments.title')}
      </Typography>
      {comments.length === 0 && <Typography sx={{ color: 'text.secondary', marginBlockEnd: 1 }}>{t('recipe-ui.comments.none')}</Typography>}
      <Stack component="ul" sx={{ listStyle: 'none', margin: 0, padding: 0, gap: 1.5 }}>
        {comments.map((comment) => {
          const author = comment.user?.fullName || comment.user?.username || '';
          const mayDelete = user && (user.admin || user.id === comment.userId);
          return (
            <Box component="li" key={comment.id} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              <UserAvatar user={{ id: comment.userId, cacheKey: '', fullName: author }} size={36} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="subtitle2" component="p">
                  <bdi>{author}</bdi>{' '}
                  <Box
                    component="time"
                    dateTime={comment.createdAt}
                    title={new Date(comment.createdAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
                    sx={{ color: 'text.secondary', fontWeight: 400 }}
                  >
                    {relativeTime(comment.createdAt, i18n.language)}
                  </Box>
                </Typography>
                <Typography dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {comment.text}
                </Typography>
              </Box>
              {mayDelete && (
                <IconButton size="small" aria-label={t('recipe-ui.comments.delete')} onClick={() => remove.mutate(comment.id)} disabled={remove.isPending}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
          );
        })}
      </Stack>
      {canComment && available && (
        <Box sx={{ marginBlockStart: 2 }}>
          <TextField
            multiline
            minRows={2}
            label={t('recipe-ui.comments.add')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
            }}
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button variant="contained" onClick={submit} loading={add.isPending} disabled={!text.trim()}>
              {t('recipe-ui.comments.submit')}
            </Button>
          </Stack>
        </Box>
      )}
    </Box>
  );
}
