/* expect-none */
void sink_e(int *data);

void sink_d(int *data)
{
	sink_e(data);
}
