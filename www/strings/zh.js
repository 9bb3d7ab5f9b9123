// 简体中文界面文字。键与其他语言文件相同；`{name}` 为运行时填入的值。每行一条。
export const TEXTS = {
  'language.name': '中文',
  'language.label': '语言',
};
