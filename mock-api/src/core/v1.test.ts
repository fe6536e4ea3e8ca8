import type { UserSummary } from '../contract';
import { membersV1, postsV1, type V1PostRow, type V1UserRow } from './v1';

const ada: UserSummary = { _id: 'ada', firstName: 'Ada', lastName: 'L', userHandler: 'ada', pic: 'a.png' };
const nameOf = (id: string) => (id === 'ada' ? ada : undefined);

const post: V1PostRow = {
  _id: 'p1',
  id: '7',
  userId: 'ada',
  username: 'ada@x.dev',
  content: 'Hi',
  pic: '',
  likedBy: ['ada', 'gone'],
  dislikedBy: [],
  comments: [
    {
      _id: 'c1',
      userId: 'gone',
      content: 'Old',
      upvotedBy: ['gone', 'ada'],
      replies: [{ _id: 'r1', userId: 'ada', content: 'Re', createdAt: 't2' }],
      createdAt: 't1',
      updatedAt: 't1',
    },
  ],
  createdAt: 't0',
  updatedAt: 't0',
};

describe('v1 answers from rows', () => {
  test('a post names its members by summary: a list leaves out a member gone since, one named member shows as a former member', () => {
    const [answer] = postsV1({ rows: [post], nameOf });
    expect(answer!.likes).toEqual({ likeCount: 2, likedBy: [ada], dislikedBy: [] });
    expect(answer!.comments).toEqual([
      {
        _id: 'c1',
        postId: 'p1',
        content: 'Old',
        user: { _id: 'gone', firstName: 'Former', lastName: 'member', userHandler: '', pic: '' },
        votes: { upvotedBy: [ada] },
        replies: [{ _id: 'r1', user: ada, content: 'Re', createdAt: 't2' }],
        createdAt: 't1',
        updatedAt: 't1',
      },
    ]);
  });

  test('a member answer carries the answer fields only, whatever else the row holds', () => {
    const row = { ...ada, id: '1', username: 'ada@x.dev', bio: '', link: '', followers: ['gone'], following: ['ada'], bookmarks: ['p1'] };
    const [user] = membersV1({ rows: [{ ...row, createdAt: 't', updatedAt: 't', password: 'secret' } as V1UserRow], nameOf });
    expect(user).toEqual({ ...row, followers: [], following: [ada], createdAt: 't', updatedAt: 't' });
    expect(JSON.stringify(user)).not.toContain('secret');
  });

  test('each answer gets its own summary objects', () => {
    const [first] = postsV1({ rows: [post], nameOf });
    first!.likes.likedBy[0]!.firstName = 'Changed';
    expect(first!.comments[0]!.replies[0]!.user.firstName).toBe('Ada');
  });
});
