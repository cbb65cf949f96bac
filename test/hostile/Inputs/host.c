/* Plain host C: the plugin stays silent. */
int sum(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}
