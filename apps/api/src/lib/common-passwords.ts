/**
 * The most common leaked passwords of at least 6 characters (from the public "top 10k" lists).
 * A short list on purpose: it stops the passwords an attacker tries first, without pretending
 * to be a full breached-password check. Compared lower-cased.
 */
const LIST = `
123456 1234567 12345678 123456789 1234567890 123123 111111 000000 666666 654321 121212 112233
123321 159753 147258 987654321 7777777 555555 222222 999999 888888 123qwe 1q2w3e 1q2w3e4r
1q2w3e4r5t qwerty qwerty123 qwertyuiop qwerty1 qwe123 asdfgh asdfghjkl zxcvbnm 1qaz2wsx
password password1 password123 passw0rd p@ssw0rd p@ssword iloveyou princess sunshine
monkey dragon football baseball letmein welcome welcome1 master shadow superman batman
trustno1 abc123 abcdef abcd1234 qazwsx michael jennifer jordan23 charlie donald freedom
whatever starwars computer secret admin123 administrator changeme default login123 test123
testing hello123 flower cookie summer winter spring autumn soccer hockey killer pokemon
naruto chocolate butterfly liverpool chelsea arsenal matrix mustang hunter buster tigger
ginger pepper daniel thomas jessica ashley nicole loveme lovely family forever internet
samsung google mercedes ferrari 11111111 00000000 12341234 aa123456 a123456 123abc
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter((p) => p.length >= 6));
