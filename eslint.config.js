// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import lingui from 'eslint-plugin-lingui';
import { defineConfig, globalIgnores } from 'eslint/config';

export default defineConfig(
  globalIgnores(['dist/', 'node_modules/', 'coverage/', 'test-results/', 'artifacts/', '.vite/']),
  js.configs.recommended,
  // Non-type-checked preset: fast, no tsconfig project service needed.
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.worker, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  // The files whose words are all in the catalogs (README, Translating): a word a person reads
  // written in them as a plain string is an error. More files join as they are translated.
  {
    files: [
      'src/ui/Header.tsx',
      'src/ui/class/StudentPanel.tsx',
      'src/ui/class/StudentJoin.tsx',
      'src/ui/announce/pageTitle.ts',
      'src/ui/app/Playback.tsx',
      'src/ui/lessons/LessonCard.tsx',
      'src/ui/lessons/LessonGallery.tsx',
      'src/ui/lessons/file/OpenLessonFile.tsx',
      'src/ui/pwa/UpdatePrompt.tsx',
      'src/ui/app/ContextBar.tsx',
      'src/ui/lessons/Prediction.tsx',
    ],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: ['^[^A-Za-z]*$', '^[a-z][\\w.-]*$'],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '^(className|data-|key|id|type|href|role|lang|dir|rel|target|aria-(controls|live|current|pressed|expanded|keyshortcuts))',
              },
            },
            { regex: { pattern: '^[A-Z_]+$' } },
            'message',
            'comment',
          ],
          ignoreFunctions: ['console.*', 'Error', 'createPortal'],
        },
      ],
    },
  },
);
