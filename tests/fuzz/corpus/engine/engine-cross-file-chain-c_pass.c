/* expect-none */
void sink_d(int *data);

void sink_c(int *data)
{
	sink_d(data);
}
