// What the teacher feature offers other features (decision 0061): a teacher's record (the KGB
// letter's teacher line, the history forms). The master-list selects are in index-forms.ts.
export { useGuru } from './api/guru.ts';
